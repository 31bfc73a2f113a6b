"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { lazyToast as toast } from "@/components/ui/lazy-toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useSessionInfo } from "@/components/session/session-info-provider";

/** Ends the session on the server, then clears what the browser kept. */
export function LogoutRunner() {
  const [state, setState] = useState<"working" | "done" | "failed">("working");
  const started = useRef(false);
  const router = useRouter();
  const { refresh } = useSessionInfo();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const res = await fetch("/api/auth-logout", { method: "POST", cache: "no-store" });
        if (!res.ok) throw new Error(`Logout failed (${res.status})`);
        const { signOut } = await import("next-auth/react"); // not in the page's first load
        await signOut({ redirect: false });
        localStorage.clear();
        sessionStorage.clear();
        for (const c of document.cookie.split(";")) {
          const name = c.split("=")[0]?.trim();
          if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
        }
        toast.success("Signed out", { description: "You have been signed out successfully" });
        setState("done");
        // A client-side move home keeps the toast on screen (a full page load would wipe it
        // within the second); the header island re-reads the now signed-out session first.
        await refresh();
        setTimeout(() => router.replace("/"), 800);
      } catch (e) {
        toast.error("Logout failed", { description: e instanceof Error && e.message ? e.message : "An error occurred during logout." });
        setState("failed");
      }
    })();
  }, [refresh, router]);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">
        {state === "working" ? "Signing you out…" : state === "done" ? "You have been signed out" : "Logout failed"}
      </h1>
      {state === "working" && <Spinner label="Signing out" />}
      {state !== "working" && (
        <Button asChild variant="outline">
          <Link href="/">Go Home</Link>
        </Button>
      )}
    </div>
  );
}
