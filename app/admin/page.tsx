import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Admin Dashboard", description: "K12 Experts administration.", robots: { index: false } };

export default async function AdminDashboardPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin");
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {actor.email}.</p>
    </div>
  );
}
