// A study's target districts and their research offices' answers, on the researcher's side: the
// districts are added from the sample plan's cells, a search, or wherever the study's invitees
// work; "Request approval" sends one packet built from what the study already has to the
// district's officers or, without one, to the office's e-mail as a review link.
import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { env } from "@/lib/platform/env";
import { requirePermission } from "@/lib/accounts/permissions";
import type { Actor } from "@/lib/accounts/actor";
import { orgScope } from "@/lib/organizations/membership";
import { queueMail } from "@/lib/platform/mail/queue";
import { createNotification } from "@/lib/notifications/notifications";
import { newToken } from "@/lib/accounts/tokens";
import { cellStandingOf, EXPERT_CELL_SELECT } from "@/lib/samples/places";
import { recordApprovalStep } from "@/lib/districts/approval-history";
import { buildPacket, type PacketExtras } from "./district-packet";
import { approvalRequestToOfficeMail, approvalRequestToOfficerMail } from "@/lib/districts/approval-mail";

/** Most districts one study lists: a study recruits from a handful, not the directory. */
export const MAX_PROJECT_DISTRICTS = 100;
/** How long an e-mailed review link answers. */
export const REVIEW_LINK_DAYS = 30;

async function ownProject(tx: Tx, actor: Actor, projectId: string, permission: "read:project:org" | "manage:project:org") {
  requirePermission(actor, permission);
  const project = await tx.project.findFirst({
    where: { id: projectId, ...orgScope(actor, permission) },
    select: { id: true, status: true },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  return project;
}

/** The districts each way of adding names: the plan's cells, the invitees' districts, or the researcher's picks. */
async function districtsBy(tx: Tx, projectId: string, by: "plan" | "invitees" | "search", leaids: string[]) {
  if (by === "search")
    return (await tx.district.findMany({ where: { leaid: { in: leaids } }, select: { leaid: true } })).map((d) => d.leaid);
  if (by === "invitees") {
    const rows = await tx.engagement.findMany({
      where: { projectId, expert: { districtLeaid: { not: null } } },
      select: { expert: { select: { districtLeaid: true } } },
    });
    return rows.map((r) => r.expert.districtLeaid!);
  }
  const standing = await cellStandingOf(tx, projectId);
  if (!standing) throw new AppError("CONFLICT", "This study has no sample plan yet. Add districts by a search instead.");
  // The districts where the plan's open cells have district-verified experts.
  const experts = await tx.expert.findMany({
    where: { verificationStatus: "verified", isPublicProfile: true, districtLeaid: { not: null } },
    select: { ...EXPERT_CELL_SELECT, districtLeaid: true },
    take: 5000,
  });
  return experts.filter((e) => standing(e) === "open").map((e) => e.districtLeaid!);
}

/** Adds districts to the study's targets; a district already listed stays as it is. */
export async function addProjectDistricts(
  actor: Actor | null,
  projectId: string,
  input: { by: "plan" | "invitees" | "search"; leaids?: string[] },
) {
  return db().$transaction(async (tx) => {
    const project = await ownProject(tx, actor!, projectId, "manage:project:org");
    if (project.status === "closed") throw new AppError("CONFLICT", "This project is closed.");
    const found = [...new Set(await districtsBy(tx, projectId, input.by, input.leaids ?? []))];
    const listed = new Set(
      (await tx.projectDistrictApproval.findMany({ where: { projectId }, select: { leaid: true } })).map((a) => a.leaid),
    );
    const fresh = found.filter((l) => !listed.has(l));
    if (listed.size + fresh.length > MAX_PROJECT_DISTRICTS)
      throw new AppError("CONFLICT", `A study lists at most ${MAX_PROJECT_DISTRICTS} districts.`);
    for (const leaid of fresh) {
      const row = await tx.projectDistrictApproval.create({ data: { projectId, leaid, addedBy: input.by }, select: { id: true } });
      await recordApprovalStep(tx, { approvalId: row.id, kind: "added", side: "researcher", actorUserId: actor!.userId });
    }
    return { added: fresh.length, found: found.length };
  });
}

/** Removes a district the study has not asked yet (an asked district keeps its history). */
export async function removeProjectDistrict(actor: Actor | null, approvalId: string) {
  return db().$transaction(async (tx) => {
    const a = await tx.projectDistrictApproval.findUnique({
      where: { id: approvalId },
      select: { id: true, projectId: true, status: true },
    });
    if (!a) throw new AppError("NOT_FOUND", "District approval not found.");
    await ownProject(tx, actor!, a.projectId, "manage:project:org").catch(() => {
      throw new AppError("NOT_FOUND", "District approval not found.");
    });
    if (a.status !== "not_requested") throw new AppError("CONFLICT", "This district was already asked; its answer stays on the study.");
    await tx.projectDistrictApproval.delete({ where: { id: a.id } });
    return { removed: true };
  });
}

/**
 * "Request approval": the packet goes to the district's officers (a notice and an e-mail each) or,
 * with none, to the office's e-mail as an expiring review link. Asking again while a request
 * waits changes nothing; a declined or expired district may be asked again.
 */
export async function requestDistrictApproval(actor: Actor | null, approvalId: string, extras: PacketExtras = {}, now: Date = new Date()) {
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM project_district_approvals WHERE id = ${approvalId}::uuid FOR UPDATE`;
    const a = await tx.projectDistrictApproval.findUnique({ where: { id: approvalId } });
    if (!a) throw new AppError("NOT_FOUND", "District approval not found.");
    const project = await ownProject(tx, actor!, a.projectId, "manage:project:org").catch(() => {
      throw new AppError("NOT_FOUND", "District approval not found.");
    });
    if (project.status === "closed") throw new AppError("CONFLICT", "This project is closed.");
    if (a.status === "requested") return { changed: false, sentTo: "already" as const };
    const today = now.toISOString().slice(0, 10);
    if (a.status === "approved" && (!a.expiresOn || a.expiresOn.toISOString().slice(0, 10) >= today))
      throw new AppError("CONFLICT", "This district already approved the study.");
    if (a.status === "not_needed") throw new AppError("CONFLICT", "This district said the study needs no approval.");
    const policy = await tx.districtResearchPolicy.findUnique({ where: { leaid: a.leaid }, select: { officeEmail: true } });
    const officers = await tx.districtOfficer.findMany({ where: { leaid: a.leaid }, select: { userId: true } });
    const packet = await buildPacket(tx, a.projectId, extras);
    if (officers.length === 0 && !policy?.officeEmail)
      throw new AppError("CONFLICT", "This district has no research officer or office e-mail on file, so it cannot be asked here yet.");
    await tx.projectDistrictApproval.update({
      where: { id: a.id },
      data: {
        status: "requested",
        requestedAt: now,
        requestedById: actor!.userId,
        packet,
        answeredAt: null,
        expiresOn: null,
        conditions: null,
        declineReason: null,
      },
    });
    await recordApprovalStep(tx, { approvalId: a.id, kind: "requested", side: "researcher", actorUserId: actor!.userId });
    const subject = `Research approval requested: ${packet.title} (${packet.organization})`;
    if (officers.length > 0) {
      const users = await tx.user.findMany({
        where: { id: { in: officers.map((o) => o.userId) }, disabledAt: null },
        select: { id: true, email: true, firstName: true },
      });
      for (const u of users) {
        await createNotification(tx, {
          userId: u.id,
          kind: "district_request",
          title: subject,
          body: packet.askOfStaff,
          href: "/district-office",
        });
        const mail = approvalRequestToOfficerMail(u.firstName, packet, `${env().APP_URL}/district-office`);
        await queueMail({ to: u.email, subject: mail.subject, text: mail.text, layout: mail.layout }, tx);
      }
      return { changed: true, sentTo: "officers" as const };
    }
    const { token, tokenHash } = newToken();
    await tx.districtReviewToken.create({
      data: {
        approvalId: a.id,
        tokenHash,
        sentTo: policy!.officeEmail!,
        expiresAt: new Date(now.getTime() + REVIEW_LINK_DAYS * 86_400_000),
      },
    });
    const mail = approvalRequestToOfficeMail(packet, `${env().APP_URL}/district-review/${token}`, REVIEW_LINK_DAYS);
    await queueMail({ to: policy!.officeEmail!, subject: mail.subject, text: mail.text, layout: mail.layout }, tx);
    return { changed: true, sentTo: "office" as const };
  });
}
