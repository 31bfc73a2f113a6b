import Link from "next/link";
import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { isDemoMode } from "@/lib/platform/env";
import { getAdminStats } from "@/lib/admin/stats";
import { listAdminExperts } from "@/lib/experts/admin-experts";
import { adminSearchSchema } from "@/lib/experts/schemas/admin";
import { AdminStatCards } from "@/components/admin/admin-stat-cards";
import { SeedDemoCard } from "@/components/admin/seed-demo-card";
import { AdminExpertTable } from "@/components/admin/admin-expert-table";
import { SearchForm } from "@/components/ui/search-form";
import { PageLinks } from "@/components/ui/page-links";
import { totalText } from "@/lib/platform/list-total";
import { pageRequestOf } from "@/lib/platform/keyset";
import { mailPreviewOpen } from "@/app/admin/mail-preview/samples";

export const metadata: Metadata = {
  title: "Admin Dashboard",
  description: "K12 Experts administration: statistics, demo data and expert review.",
  robots: { index: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminDashboardPage({ searchParams }: Props) {
  const actor = await requirePageRole(["admin"], "/login", "/admin");
  const params = await searchParams;
  const query = adminSearchSchema.parse(Array.isArray(params.q) ? params.q[0] : params.q) || undefined;
  const [stats, experts, zone] = await Promise.all([
    getAdminStats(actor),
    listAdminExperts(actor, query, pageRequestOf(params)),
    adminZone(),
  ]);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold">Admin Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Signed in as {actor.email}.</p>
      </div>
      <AdminStatCards stats={stats} />
      {isDemoMode() && <SeedDemoCard />}
      {mailPreviewOpen() && (
        <p className="text-sm">
          <Link prefetch={false} href="/admin/mail-preview" className="text-primary underline-offset-4 hover:underline">
            Preview every e-mail the app sends
          </Link>
        </p>
      )}
      <section aria-labelledby="experts-heading" className="space-y-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="experts-heading" className="text-xl font-semibold">
              Experts
            </h2>
            <p className="text-sm text-muted-foreground" data-testid="experts-count">
              {totalText(experts, "expert", "experts")}
              {query ? ` matching “${query}”` : ""}, newest first
            </p>
          </div>
          <SearchForm
            id="expert-search"
            action="/admin"
            label="Search experts"
            placeholder="Name, e-mail, role, organization or state"
            defaultValue={query}
          />
        </div>
        <AdminExpertTable rows={experts.rows} query={query} zone={zone} />
        <PageLinks path="/admin" query={query} page={experts} noun="experts" />
      </section>
    </div>
  );
}
