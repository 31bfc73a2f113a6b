// A study's history with a district's research office: every step is a row the study shows, and
// each is e-mailed (and noticed in the menu) to the researcher who asked.
import "server-only";
import type { Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { queueMail } from "@/lib/platform/mail/queue";
import { createNotification } from "@/lib/notifications/notifications";
import { approvalStepMail } from "@/lib/districts/approval-mail";
import { formatDay } from "@/lib/platform/format";

export type ApprovalEventKind =
  | "added"
  | "requested"
  | "approved"
  | "declined"
  | "not_needed"
  | "question"
  | "removed"
  | "letter_uploaded"
  | "letter_accepted"
  | "letter_rejected"
  | "expiring";
export type ApprovalActorSide = "researcher" | "officer" | "office" | "admin";

const SAID: Record<ApprovalEventKind, string> = {
  added: "added to the study's districts",
  requested: "asked for approval",
  approved: "approved the study",
  declined: "declined the study",
  not_needed: "said no approval is needed",
  question: "asked a question",
  removed: "removed from the study's districts",
  letter_uploaded: "uploaded the district's approval letter for a check",
  letter_accepted: "checked the district's approval letter: the study is approved",
  letter_rejected: "could not accept the district's approval letter",
  expiring: "reminds you that the district's approval ends soon",
};

/** Each step in the study's history, in the researcher's words. */
export const APPROVAL_EVENT_WORDS: Record<ApprovalEventKind, string> = {
  added: "added",
  requested: "requested approval",
  approved: "approved",
  declined: "declined",
  not_needed: "said no approval is needed",
  question: "asked a question",
  removed: "removed",
  letter_uploaded: "uploaded an approval letter",
  letter_accepted: "checked the approval letter: approved",
  letter_rejected: "did not accept the approval letter",
  expiring: "approval ends soon",
};

export const projectHref = (projectId: string) => `/client/projects/${projectId}#district-approvals`;

/**
 * Records one step and tells the requesting researcher (by e-mail and in the menu), in the
 * step's transaction. Steps the researcher took themselves are recorded without a message.
 */
export async function recordApprovalStep(
  tx: Tx,
  step: { approvalId: string; kind: ApprovalEventKind; side: ApprovalActorSide; actorUserId: string | null; note?: string | null },
) {
  await tx.projectDistrictApprovalEvent.create({
    data: {
      approvalId: step.approvalId,
      kind: step.kind,
      actorSide: step.side,
      actorUserId: step.actorUserId,
      note: step.note?.trim() || null,
    },
  });
  const approval = await tx.projectDistrictApproval.findUniqueOrThrow({
    where: { id: step.approvalId },
    select: { projectId: true, leaid: true, requestedById: true, expiresOn: true },
  });
  const to = approval.requestedById;
  if (!to || step.actorUserId === to) return;
  // One query at a time: a transaction's connection runs one statement at once.
  const researcher = await tx.user.findUnique({ where: { id: to }, select: { email: true, firstName: true, disabledAt: true } });
  const project = await tx.project.findUniqueOrThrow({ where: { id: approval.projectId }, select: { title: true } });
  const district = await tx.district.findUniqueOrThrow({ where: { leaid: approval.leaid }, select: { name: true } });
  if (!researcher || researcher.disabledAt) return;
  // The platform's own steps (a letter checked, a reminder) name the district in the sentence.
  const ours = step.kind === "letter_accepted" || step.kind === "letter_rejected" || step.kind === "expiring";
  const who = step.side === "researcher" ? "Your organization" : ours ? "K12 Experts" : `${district.name}'s research office`;
  const until =
    step.kind === "approved" && approval.expiresOn
      ? ` until ${formatDay(approval.expiresOn)}`
      : ours
        ? ` (${district.name}${approval.expiresOn && step.kind !== "letter_rejected" ? `, until ${formatDay(approval.expiresOn)}` : ""})`
        : "";
  const headline = `${who} ${SAID[step.kind]}${until}`;
  const link = `${env().APP_URL}${projectHref(approval.projectId)}`;
  await createNotification(tx, {
    userId: to,
    kind: `district_${step.kind}`,
    title: `${project.title}: ${headline}`,
    body: step.note?.trim() || district.name,
    href: projectHref(approval.projectId),
  });
  const mail = approvalStepMail(researcher.firstName, { projectTitle: project.title, headline, note: step.note?.trim() || null, link });
  await queueMail({ to: researcher.email, subject: mail.subject, text: mail.text, layout: mail.layout }, tx);
}
