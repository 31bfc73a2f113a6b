import Link from "next/link";
import { Button } from "@/components/ui/button";
import type { Actor } from "@/lib/accounts/actor";
import { can, orgRefusalFor, type OrgPermission } from "@/lib/accounts/permissions";

/**
 * What a member whose organization role does not reach this page reads in its place: the roles
 * that may, their own, and the way to what they can do (finance to billing, the others home).
 */
export function RoleRefusal({ actor, permission, title }: { actor: Actor; permission: OrgPermission; title: string }) {
  const home = can(actor, "read:billing:org") && !can(actor, "read:project:org") ? "/client/billing" : "/client/dashboard";
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-muted-foreground" role="status">
        {orgRefusalFor(actor, permission).message}
      </p>
      <Button asChild className="mt-6">
        <Link href={home}>{home === "/client/billing" ? "Go to Billing" : "Go to the dashboard"}</Link>
      </Button>
    </div>
  );
}
