import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { officerDistricts, listDistrictOfficers } from "@/lib/districts/officers";
import { getDistrictPolicyForOffice } from "@/lib/districts/research-policies";
import { pendingOfficerInvites } from "@/lib/experts/officer-invites";
import { DistrictOfficeEditor } from "@/components/districts/district-office-editor";
import { OfficerQueueSection } from "@/components/districts/officer-queue-section";

export const metadata: Metadata = { title: "District research office", robots: { index: false } };

export default async function DistrictOfficePage() {
  const actor = await requirePageRole(["expert"], "/expert/login", "/district-office");
  const leaids = await officerDistricts(actor);
  if (leaids.length === 0)
    return (
      <main className="mx-auto max-w-3xl space-y-3 px-4 py-10">
        <h1 className="text-3xl font-bold">District research office</h1>
        <p>
          You are not a research officer of a district. An admin grants the role, or an officer of your district adds you, once your school
          e-mail on the district&apos;s domain is verified.
        </p>
      </main>
    );
  const offices = await Promise.all(
    leaids.map(async (leaid) => ({
      view: await getDistrictPolicyForOffice(actor, leaid),
      officers: await listDistrictOfficers(actor, leaid),
      invites: await pendingOfficerInvites(actor, leaid),
    })),
  );
  return (
    <main className="mx-auto max-w-4xl space-y-10 px-4 py-8">
      {offices.map(({ view, officers, invites }) => (
        <section key={view.leaid} className="space-y-6">
          <OfficerQueueSection actor={actor} leaid={view.leaid} districtName={view.name} />
          <DistrictOfficeEditor
            view={view}
            officers={officers}
            invites={invites}
            grantLabel="Invite a colleague from your district (their school e-mail)"
          />
        </section>
      ))}
    </main>
  );
}
