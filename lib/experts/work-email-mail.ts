// The e-mail that confirms an expert's school or district address, and re-confirms it each school year.

import { composeMail, line } from "@/lib/platform/mail/content";
import { schoolYearLabel } from "@/lib/experts/work-email-rules";

/** A school inbox can hold mail in quarantine for hours, so the link lives as long as the sign-up link. */
export const WORK_EMAIL_TTL_HOURS = 24;

export function workEmailMail(firstName: string, link: string, reconfirm: boolean, schoolYear: number) {
  return composeMail({
    subject: reconfirm ? "Re-confirm your school e-mail for K12 Experts" : "Confirm your school e-mail for K12 Experts",
    firstName,
    body: [
      reconfirm
        ? line`A new school year (${schoolYearLabel(schoolYear)}) has started. Re-confirm that this is still your school or district e-mail address so your profile keeps its "School e-mail verified" badge.`
        : line`Confirm that this is your school or district e-mail address. Research clients see a "School e-mail verified" badge on your profile (never the address itself).`,
      reconfirm
        ? line`This link works once and expires in 3 months (re-confirm by September 30 to keep the badge). If you did not ask for it, you can ignore this message.`
        : line`This link works once and expires in ${String(WORK_EMAIL_TTL_HOURS)} hours. If you did not ask for it, you can ignore this message.`,
    ],
    action: { label: reconfirm ? "Re-confirm your school e-mail" : "Confirm your school e-mail", href: link },
    why: reconfirm
      ? "This address is the school or district e-mail on your K12 Experts profile."
      : "This address was entered as a school or district e-mail on a K12 Experts profile.",
  });
}
