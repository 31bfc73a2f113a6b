// An officer (or an admin) invites a colleague to their district's research office by e-mail. The
// address must be on the district's own domain. An account already verified on the district is
// granted at once; anyone else gets an e-mail, and the grant is made when an account with that
// address (as its sign-in or its school e-mail) has its school e-mail verified on the district.
import "server-only";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { env } from "@/lib/platform/env";
import { queueMail } from "@/lib/platform/mail/queue";
import { z } from "@/lib/platform/validation/zod";
import type { Actor } from "@/lib/accounts/actor";
import { assertDistrictOfficeAccess, grantDistrictOfficer } from "@/lib/districts/officers";
import { officerInviteMail } from "@/lib/districts/approval-mail";
import { schoolDomainVerdict } from "@/lib/experts/work-email-verdict";
import { createNotification } from "@/lib/notifications/notifications";

export const officerInviteSchema = z.object({
  leaid: z.string().regex(/^\d{7}$/, { error: "District not found." }),
  email: z.email({ error: "Enter a valid e-mail address." }).max(254, { error: "Enter a valid e-mail address." }),
});

const emailField = (message: string) => new AppError("CONFLICT", message, { email: [message] });

/** Invites (or, for an account already verified on the district, grants) a colleague. */
export async function inviteDistrictOfficer(actor: Actor | null, raw: { leaid: string; email: string }) {
  const parsed = officerInviteSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Check the e-mail address.");
  const leaid = parsed.data.leaid;
  await assertDistrictOfficeAccess(actor, leaid);
  const email = parsed.data.email.trim().toLowerCase();
  const district = await db().district.findUnique({ where: { leaid }, select: { name: true } });
  if (!district) throw new AppError("NOT_FOUND", "District not found.");
  const verdict = await schoolDomainVerdict(email.slice(email.lastIndexOf("@") + 1));
  if (!verdict.badge || verdict.district?.leaid !== leaid) throw emailField(`Invite a school e-mail on ${district.name}'s own domain.`);
  const holder = await db().user.findFirst({
    where: { OR: [{ email }, { expert: { workEmail: email } }], disabledAt: null },
    select: { email: true, expert: { select: { districtLeaid: true, workEmailVerifiedAt: true } } },
  });
  if (holder?.expert?.districtLeaid === leaid && holder.expert.workEmailVerifiedAt) {
    const granted = await grantDistrictOfficer(actor, { leaid, email: holder.email });
    return { outcome: granted.created ? ("granted" as const) : ("already" as const) };
  }
  const inviter = await db().user.findUnique({ where: { id: actor!.realUserId }, select: { firstName: true, lastName: true } });
  return db().$transaction(async (tx) => {
    const existing = await tx.districtOfficerInvite.findUnique({ where: { leaid_email: { leaid, email } } });
    if (existing?.acceptedAt) return { outcome: "already" as const };
    // Asking again sends the e-mail again (it may have been lost), on the one invitation row.
    await tx.districtOfficerInvite.upsert({
      where: { leaid_email: { leaid, email } },
      create: { leaid, email, invitedById: actor!.realUserId },
      update: { invitedById: actor!.realUserId },
    });
    const mail = officerInviteMail({
      district: district.name,
      inviter: `${inviter?.firstName ?? ""} ${inviter?.lastName ?? ""}`.trim() || "A colleague",
      signUpUrl: `${env().APP_URL}/register`,
      officeUrl: `${env().APP_URL}/district-office`,
    });
    await queueMail({ to: email, subject: mail.subject, text: mail.text, layout: mail.layout }, tx);
    return { outcome: existing ? ("resent" as const) : ("invited" as const) };
  }, LOCKED_TX_OPTIONS);
}

/** The invitations of a district still waiting, for its officers and the admin. */
export async function pendingOfficerInvites(actor: Actor | null, leaid: string) {
  await assertDistrictOfficeAccess(actor, leaid);
  return db().districtOfficerInvite.findMany({
    where: { leaid, acceptedAt: null },
    orderBy: { createdAt: "asc" },
    select: { id: true, email: true, createdAt: true },
  });
}

/**
 * Called where an expert's school e-mail is verified on a district: invitations of that district
 * to their sign-in or school address become grants, in the caller's transaction.
 */
export async function claimOfficerInvites(tx: Tx, userId: string, leaid: string, now: Date = new Date()) {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, expert: { select: { workEmail: true } } } });
  if (!user) return 0;
  const emails = [user.email, user.expert?.workEmail].filter((e): e is string => !!e).map((e) => e.toLowerCase());
  const invites = await tx.districtOfficerInvite.findMany({ where: { leaid, email: { in: emails }, acceptedAt: null } });
  for (const invite of invites) {
    await tx.districtOfficer.upsert({
      where: { userId_leaid: { userId, leaid } },
      create: { userId, leaid, grantedById: invite.invitedById },
      update: {},
    });
    await tx.districtOfficerInvite.update({ where: { id: invite.id }, data: { acceptedAt: now, acceptedUserId: userId } });
  }
  if (invites.length > 0)
    await createNotification(tx, {
      userId,
      kind: "district_officer",
      title: "You are a research officer of your district",
      body: "A colleague invited you: publish your district's research policy and answer studies' requests.",
      href: "/district-office",
    });
  return invites.length;
}
