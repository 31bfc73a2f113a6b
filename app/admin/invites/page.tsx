import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { getOpenInviteCapSetting } from "@/lib/engagements/platform-settings";
import { INVITE_LOAD_DAYS, INVITE_LOAD_LIMIT, listInviteLoad } from "@/lib/engagements/admin-invites";
import { InviteCapForm } from "@/components/admin/invite-cap-form";
import { InviteLoadTable } from "@/components/admin/invite-load-table";

export const metadata: Metadata = {
  title: "Invites",
  description: "The open-invite cap and how many invites each expert receives.",
  robots: { index: false },
};

export default async function AdminInvitesPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/invites");
  const [setting, load, zone] = await Promise.all([getOpenInviteCapSetting(actor), listInviteLoad(actor), adminZone()]);

  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Invites</h1>
      <InviteCapForm
        cap={setting.cap}
        zone={zone}
        updated={setting.updatedAt ? { at: setting.updatedAt.toISOString(), by: setting.updatedBy?.email ?? null } : null}
      />
      <section aria-labelledby="load-heading" className="space-y-4">
        <div>
          <h2 id="load-heading" className="text-xl font-semibold">
            Invites received in the last {INVITE_LOAD_DAYS} days
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="invite-load-count">
            {load.limited
              ? `The ${INVITE_LOAD_LIMIT} experts with the most invites`
              : `${load.rows.length} ${load.rows.length === 1 ? "expert" : "experts"}`}
            , most invites first. Open invites count whenever they were sent.
          </p>
        </div>
        <InviteLoadTable rows={load.rows} />
      </section>
    </div>
  );
}
