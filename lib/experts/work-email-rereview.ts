import "server-only";
import { db } from "@/lib/platform/db";
import { createNotification } from "@/lib/notifications/notifications";
import { schoolDomainVerdict, type SchoolDomainVerdict } from "@/lib/experts/work-email-verdict";

// Badges and district links given automatically under an earlier rule (or before the directory
// changed: a district closed, a second district listed the same website) go back to the admin's
// review when today's rule would not give them, and the expert is told. Runs hourly on the job
// queue (so within the hour of a deploy) and after each district import; running it again
// changes nothing.
//
// Only what the automatic rule gave is taken back. Left alone: an admin's hand link
// (`district_linked_by_id`), addresses on the admin's district list, and an address whose domain
// never earned anything automatically (no website on file, or a domain the admin rejected), which
// only an admin could have verified. A district link on a domain several open districts share was
// never automatic either (the old rule linked none there), so it is an admin's and stays.

export const BADGE_HELD_NOTIFICATION_KIND = "work_email_held";

type Held = Extract<SchoolDomainVerdict, { badge: false }>;

/** The notification, in the expert's terms: what happened, why, and what they can do. */
export function badgeHeldNotice(domain: string, verdict: Held, hadDistrict: boolean) {
  return {
    title: "Your school e-mail badge is waiting for a review",
    body:
      `We now show the "School e-mail verified" badge${hadDistrict ? " and your district" : ""} only when an address's domain belongs to ` +
      `one open school district, and ${verdict.why}. So your badge${hadDistrict ? " and district are" : " is"} hidden while an admin reviews ` +
      `${domain}; they come back if the admin accepts it, and you will see the outcome in Settings. Your address stays confirmed and ` +
      `nothing else on your profile changed. If your school or district gave you an address on its own domain, you can add it in Settings.`,
    href: "/dashboard?tab=settings",
  };
}

/** Whether today's verdict takes back what the expert holds. */
function takesBack(verdict: SchoolDomainVerdict, districtLeaid: string | null): verdict is Held {
  if (verdict.badge) return false;
  switch (verdict.hold) {
    case "several_districts":
      return districtLeaid === null;
    case "closed_district":
    case "shared_host":
      return districtLeaid === null || verdict.candidates.some((c) => c.leaid === districtLeaid);
    default:
      return false;
  }
}

/** Returns how many experts' badges (and links) went back to review. */
export async function rereviewSchoolBadges(): Promise<{ held: number }> {
  const experts = await db().expert.findMany({
    where: {
      workEmailDomain: { not: null },
      workEmailConfirmedAt: { not: null },
      districtLinkedById: null,
      OR: [{ workEmailVerifiedAt: { not: null } }, { districtLeaid: { not: null } }],
    },
    select: { id: true, userId: true, workEmailDomain: true, workEmailVerifiedAt: true, districtLeaid: true },
    orderBy: { id: "asc" },
  });
  const verdicts = new Map<string, SchoolDomainVerdict>();
  let held = 0;
  for (const e of experts) {
    const domain = e.workEmailDomain!;
    let verdict = verdicts.get(domain);
    if (!verdict) {
      verdict = await schoolDomainVerdict(domain);
      verdicts.set(domain, verdict);
    }
    if (!takesBack(verdict, e.districtLeaid)) continue;
    const notice = badgeHeldNotice(domain, verdict, e.districtLeaid !== null);
    await db().$transaction(async (tx) => {
      // Only the state this run read: an admin who linked or a new address confirmed meanwhile wins.
      const taken = await tx.expert.updateMany({
        where: {
          id: e.id,
          workEmailDomain: domain,
          workEmailVerifiedAt: e.workEmailVerifiedAt,
          districtLeaid: e.districtLeaid,
          districtLinkedById: null,
        },
        data: { workEmailVerifiedAt: null, districtLeaid: null },
      });
      if (taken.count !== 1) return;
      await createNotification(tx, { userId: e.userId, kind: BADGE_HELD_NOTIFICATION_KIND, ...notice });
      held++;
    });
  }
  return { held };
}
