import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Client Dashboard", description: "Your K12 Experts client dashboard.", robots: { index: false } };

export default async function ClientDashboardPage() {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/dashboard");
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Client Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {actor.email}.</p>
    </div>
  );
}
