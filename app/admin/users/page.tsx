import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { listAdminUsers, listImpersonationEvents } from "@/lib/admin/users";
import { adminSearchSchema } from "@/lib/experts/schemas/admin";
import { SearchForm } from "@/components/ui/search-form";
import { AdminUsersTable } from "@/components/admin/admin-users-table";
import { ImpersonationEventsTable } from "@/components/admin/impersonation-events-table";
import { PageLinks } from "@/components/ui/page-links";
import { totalText } from "@/lib/platform/list-total";
import { pageRequestOf } from "@/lib/platform/keyset";

export const metadata: Metadata = { title: "Users", description: "All K12 Experts users with their roles.", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminUsersPage({ searchParams }: Props) {
  const actor = await requirePageRole(["admin"], "/login", "/admin/users");
  const params = await searchParams;
  const query = adminSearchSchema.parse(Array.isArray(params.q) ? params.q[0] : params.q) || undefined;
  const [users, events, zone] = await Promise.all([
    listAdminUsers(actor, query, pageRequestOf(params)),
    listImpersonationEvents(actor, 20, query),
    adminZone(),
  ]);

  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Users</h1>
      <section aria-labelledby="users-heading" className="space-y-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="users-heading" className="text-xl font-semibold">
              All users
            </h2>
            <p className="text-sm text-muted-foreground" data-testid="users-count">
              {totalText(users, "user", "users")}
              {query ? ` matching “${query}”` : ""}, newest first
            </p>
          </div>
          <SearchForm
            id="user-search"
            action="/admin/users"
            label="Search users"
            placeholder="Name, e-mail, role or title"
            defaultValue={query}
          />
        </div>
        <AdminUsersTable rows={users.rows} query={query} selfId={actor.userId} zone={zone} />
        <PageLinks path="/admin/users" query={query} page={users} noun="users" />
      </section>
      <section aria-labelledby="events-heading" className="space-y-4">
        <h2 id="events-heading" className="text-xl font-semibold">
          Latest impersonation events{query ? ` of users matching “${query}”` : ""}
        </h2>
        <ImpersonationEventsTable events={events} zone={zone} />
      </section>
    </div>
  );
}
