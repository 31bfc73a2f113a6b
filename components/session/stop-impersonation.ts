import { PERSONA_SWITCH_DELAY_MS } from "@/lib/accounts/constants";

/**
 * Ends an impersonation from any button (the banner, the View As menu): toasts, then returns
 * to /admin after the same pause as a persona switch, so the toast can be read.
 * Resolves false (after the failure toast) when the server refused.
 */
export async function stopImpersonation(): Promise<boolean> {
  // Loaded on use: the banner sits on every page and should not carry the toast library.
  const { toast } = await import("sonner");
  try {
    const res = await fetch("/api/admin-impersonate/stop", { method: "POST" });
    if (!res.ok) throw new Error();
    toast.success("Returning to admin view...");
    setTimeout(() => window.location.assign("/admin"), PERSONA_SWITCH_DELAY_MS);
    return true;
  } catch {
    toast.error("Failed to stop impersonation");
    return false;
  }
}
