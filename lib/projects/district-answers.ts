// A district research office answers a study's request: its officer in the product, or the
// office through the e-mailed review link (no account, read-only, expiring, each answer usable
// once). Approve (until a date, with conditions), decline (with a reason: the district's staff
// leave the study's waiting invitations), say no approval is needed, or ask a question.
import "server-only";
import { z } from "@/lib/platform/validation/zod";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { hashToken } from "@/lib/accounts/tokens";
import { assertDistrictOfficeAccess } from "@/lib/districts/officers";
import { recordApprovalStep, type ApprovalActorSide } from "@/lib/districts/approval-history";
import { readPacket, type Packet } from "@/lib/districts/packet-words";
import { declineDistrictStaff } from "@/lib/engagements/district-removal";

/** An approval given without a date holds for a year. */
export const DEFAULT_APPROVAL_DAYS = 365;

export const answerSchema = z.object({
  answer: z.enum(["approve", "decline", "not_needed", "question"], { error: "Choose an answer." }),
  note: z.string().trim().max(1000, { error: "The note must be 1,000 characters or fewer." }).optional(),
  expiresOn: z.iso.date({ error: "Enter the approval's last day as a date." }).optional(),
});
export type Answer = z.infer<typeof answerSchema>;

function parseAnswer(input: unknown): Answer {
  const parsed = answerSchema.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Choose an answer.");
  return parsed.data;
}

const STATUS_OF = { approve: "approved", decline: "declined", not_needed: "not_needed" } as const;
const STATUS_WORDS = { approved: "approved", declined: "declined", not_needed: "said no approval is needed" } as const;

/** The answer's core, for both ways in; the approval row is locked first. */
async function applyAnswer(tx: Tx, approvalId: string, input: Answer, who: { side: ApprovalActorSide; userId: string | null }, now: Date) {
  await tx.$queryRaw`SELECT id FROM project_district_approvals WHERE id = ${approvalId}::uuid FOR UPDATE`;
  const a = await tx.projectDistrictApproval.findUniqueOrThrow({ where: { id: approvalId } });
  const note = input.note?.trim() || null;
  if (input.answer === "question") {
    if (a.status !== "requested") throw new AppError("CONFLICT", "This request is not waiting for an answer.");
    if (!note) throw new AppError("BAD_REQUEST", "Write the question.", { note: ["Write the question."] });
    await recordApprovalStep(tx, { approvalId, kind: "question", side: who.side, actorUserId: who.userId, note });
    return { changed: true, status: a.status };
  }
  const status = STATUS_OF[input.answer];
  if (a.status === status) return { changed: false, status };
  if (a.status !== "requested")
    throw new AppError(
      "CONFLICT",
      a.status === "not_requested"
        ? "This study has not asked for approval."
        : `This request was already answered: ${STATUS_WORDS[a.status]}.`,
    );
  const today = now.toISOString().slice(0, 10);
  const expiresOn =
    status === "approved"
      ? new Date(`${input.expiresOn ?? new Date(now.getTime() + DEFAULT_APPROVAL_DAYS * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`)
      : null;
  if (expiresOn && expiresOn.toISOString().slice(0, 10) < today)
    throw new AppError("BAD_REQUEST", "The approval's last day cannot be in the past.", { expiresOn: ["Pick today or a later day."] });
  const reason = status === "declined" ? (note ?? "The district gave no reason.") : null;
  await tx.projectDistrictApproval.update({
    where: { id: a.id },
    data: { status, answeredAt: now, expiresOn, conditions: status === "approved" ? note : null, declineReason: reason },
  });
  if (reason) await declineDistrictStaff(tx, a.projectId, a.leaid, reason);
  await recordApprovalStep(tx, { approvalId, kind: status, side: who.side, actorUserId: who.userId, note });
  return { changed: true, status };
}

/** An officer (or an admin) answers a request of their own district. */
export async function answerAsOfficer(actor: Actor | null, approvalId: string, input: Answer, now: Date = new Date()) {
  const parsed = parseAnswer(input);
  return db().$transaction(async (tx) => {
    const a = await tx.projectDistrictApproval.findUnique({ where: { id: approvalId }, select: { leaid: true } });
    if (!a) throw new AppError("NOT_FOUND", "Request not found.");
    const as = await assertDistrictOfficeAccess(actor, a.leaid, tx).catch(() => {
      throw new AppError("NOT_FOUND", "Request not found.");
    });
    return applyAnswer(tx, approvalId, parsed, { side: as, userId: actor!.userId }, now);
  });
}

export type ReviewView = {
  district: string;
  packet: Packet | null;
  status: string;
  expiresAt: Date;
  answered: boolean;
  questionAsked: boolean;
};

async function tokenRow(tx: Tx, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return tx.districtReviewToken.findUnique({ where: { tokenHash: hashToken(token) } });
}

const LINK_NOT_FOUND = () => new AppError("NOT_FOUND", "This review link is not valid. Ask the researcher for a new one.");
const LINK_EXPIRED = () => new AppError("CONFLICT", "This review link has expired. Ask the researcher to send the request again.");

/** The review page's contents: the packet, read-only. */
export async function reviewByToken(token: string, now: Date = new Date()): Promise<ReviewView> {
  const t = await tokenRow(db(), token);
  if (!t) throw LINK_NOT_FOUND();
  if (t.expiresAt <= now) throw LINK_EXPIRED();
  const a = await db().projectDistrictApproval.findUniqueOrThrow({
    where: { id: t.approvalId },
    select: { leaid: true, packet: true, status: true },
  });
  const d = await db().district.findUniqueOrThrow({ where: { leaid: a.leaid }, select: { name: true } });
  return {
    district: d.name,
    packet: readPacket(a.packet),
    status: a.status,
    expiresAt: t.expiresAt,
    answered: !!t.answeredAt,
    questionAsked: !!t.questionAskedAt,
  };
}

/** The office answers through the link: an approval or decline ends the link; a question may be asked once. */
export async function answerByToken(token: string, input: Answer, now: Date = new Date()) {
  const parsed = parseAnswer(input);
  return db().$transaction(async (tx) => {
    const t = await tokenRow(tx, token);
    if (!t) throw LINK_NOT_FOUND();
    await tx.$queryRaw`SELECT id FROM district_review_tokens WHERE id = ${t.id}::uuid FOR UPDATE`;
    const fresh = await tx.districtReviewToken.findUniqueOrThrow({ where: { id: t.id } });
    if (fresh.expiresAt <= now) throw LINK_EXPIRED();
    if (fresh.answeredAt) throw new AppError("CONFLICT", "This request was already answered through this link.");
    if (parsed.answer === "question" && fresh.questionAskedAt)
      throw new AppError("CONFLICT", "A question was already sent through this link. The researcher will reply by e-mail.");
    // The office has no account: the researcher replies to the address the link was sent to.
    const asked = parsed.answer === "question" && parsed.note ? { ...parsed, note: `${parsed.note} (reply to ${fresh.sentTo})` } : parsed;
    const result = await applyAnswer(tx, fresh.approvalId, asked, { side: "office", userId: null }, now);
    await tx.districtReviewToken.update({
      where: { id: fresh.id },
      data: parsed.answer === "question" ? { questionAskedAt: now } : { answeredAt: now },
    });
    return result;
  });
}
