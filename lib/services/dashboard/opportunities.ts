import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ApplicationStatus } from "@/lib/generated/prisma/enums";
import type { OpportunityBoard, OpportunityItem, SlotView } from "@/lib/views";
import { dayStart, requireExpertOf, zonedTimeToUtc, isoDay, todayIn } from "@/lib/services/dashboard/expert";
import type { Actor } from "@/lib/auth/session";

const opportunitySelect = {
  id: true,
  title: true,
  clientOrganization: true,
  description: true,
  compensationCents: true,
  opportunityType: true,
  estimatedDurationMinutes: true,
  locationType: true,
  deadline: true,
  status: true,
  scheduledTime: true,
} satisfies Prisma.OpportunitySelect;

type OpportunityRow = Prisma.OpportunityGetPayload<{ select: typeof opportunitySelect }>;

const byDeadline = (a: OpportunityItem, b: OpportunityItem) =>
  (a.deadline?.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.deadline?.getTime() ?? Number.MAX_SAFE_INTEGER);
const bySchedule = (a: OpportunityItem, b: OpportunityItem) => (a.scheduledTime?.getTime() ?? 0) - (b.scheduledTime?.getTime() ?? 0);

/**
 * The Open / Invited / Scheduled tabs (001 §4). Open opportunities and the expert's own
 * applications (and pending invites, whose project's opportunity stands in) are merged and
 * de-duplicated by opportunity id, the expert's own relation winning. Each item lands in one tab:
 * - Scheduled: an accepted application with a time, or an opportunity of the expert's with status scheduled;
 * - Invited: an accepted application without a time, a pending invite, or an opportunity of the expert's with status invited;
 * - Open: status open with no application, or with the expert's pending application ('Application Pending').
 * Opportunities with status invited/scheduled that belong to no relation of this expert are
 * other experts' business and never shown.
 */
export async function listOpportunityBoard(actor: Actor): Promise<OpportunityBoard> {
  const expert = await requireExpertOf(actor);
  const [openRows, applications, invites] = await Promise.all([
    db().opportunity.findMany({ where: { status: "open" }, select: opportunitySelect, orderBy: { createdAt: "desc" }, take: 200 }),
    db().opportunityApplication.findMany({
      where: { expertId: expert.id, status: { in: ["pending", "accepted"] } },
      select: { status: true, scheduledTime: true, opportunity: { select: opportunitySelect } },
    }),
    db().invite.findMany({
      where: { expertId: expert.id, status: "pending" },
      select: { message: true, project: { select: { status: true, opportunity: { select: opportunitySelect } } } },
    }),
  ]);

  const merged = new Map<string, OpportunityItem & { status: OpportunityRow["status"] }>();
  const toItem = (o: OpportunityRow) => ({
    ...o,
    applicationStatus: null as ApplicationStatus | null,
    invited: false,
    inviteMessage: null as string | null,
  });
  for (const o of openRows) merged.set(o.id, toItem(o));
  for (const inv of invites) {
    const o = inv.project.opportunity;
    if (!o || o.status === "closed" || inv.project.status === "closed") continue;
    merged.set(o.id, { ...(merged.get(o.id) ?? toItem(o)), invited: true, inviteMessage: inv.message });
  }
  for (const a of applications) {
    const base = merged.get(a.opportunity.id) ?? toItem(a.opportunity);
    merged.set(a.opportunity.id, { ...base, applicationStatus: a.status, scheduledTime: a.scheduledTime ?? a.opportunity.scheduledTime });
  }

  const board: OpportunityBoard = { open: [], invited: [], scheduled: [] };
  for (const { status, ...item } of merged.values()) {
    const mine = item.applicationStatus !== null || item.invited;
    if ((item.applicationStatus === "accepted" && item.scheduledTime) || (mine && status === "scheduled")) board.scheduled.push(item);
    else if (item.applicationStatus === "accepted" || item.invited || (mine && status === "invited")) board.invited.push(item);
    else if (status === "open") board.open.push(item);
  }
  board.open.sort(byDeadline);
  board.invited.sort(byDeadline);
  board.scheduled.sort(bySchedule);
  return board;
}

/** Apply: a pending application for an open opportunity (or one the expert was invited to). */
export async function applyToOpportunity(actor: Actor, opportunityId: string) {
  const expert = await requireExpertOf(actor);
  const opportunity = await db().opportunity.findFirst({
    where: {
      id: opportunityId,
      OR: [{ status: "open" }, { project: { invites: { some: { expertId: expert.id, status: "pending" } } } }],
      NOT: { status: "closed" },
    },
    select: { id: true },
  });
  if (!opportunity) throw new AppError("NOT_FOUND", "This opportunity is no longer available.");
  try {
    return await db().opportunityApplication.create({
      data: { opportunityId: opportunity.id, expertId: expert.id, status: "pending" },
      select: { id: true, status: true },
    });
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") throw new AppError("CONFLICT", "You have already applied to this opportunity.");
    throw e;
  }
}

/** The expert's own available slots from today on, for Pick Time. */
export async function listPickableSlots(actor: Actor, now: Date = new Date()): Promise<SlotView[]> {
  const expert = await requireExpertOf(actor);
  const rows = await db().availabilitySlot.findMany({
    where: { expertId: expert.id, isAvailable: true, date: { gte: dayStart(todayIn(expert.timeZone, now)) } },
    orderBy: [{ date: "asc" }, { startTime: "asc" }],
    take: 100,
  });
  return rows
    .map((s) => ({ id: s.id, date: isoDay(s.date), startTime: s.startTime, endTime: s.endTime, timezone: s.timezone }))
    .filter((s) => zonedTimeToUtc(s.date, s.startTime, s.timezone) > now);
}

/**
 * Pick Time: the accepted application without a time gets the start of one of the expert's
 * own future slots, and the slot is taken. The conditional updates make a second click harmless.
 */
export async function pickApplicationTime(actor: Actor, input: { opportunityId: string; slotId: string }, now: Date = new Date()) {
  const expert = await requireExpertOf(actor);
  return db().$transaction(async (tx) => {
    const slot = await tx.availabilitySlot.findFirst({ where: { id: input.slotId, expertId: expert.id, isAvailable: true } });
    if (!slot) throw new AppError("NOT_FOUND", "That time slot is no longer available.");
    const at = zonedTimeToUtc(isoDay(slot.date), slot.startTime, slot.timezone);
    if (at <= now) throw new AppError("BAD_REQUEST", "Choose a time in the future.");
    const updated = await tx.opportunityApplication.updateMany({
      where: { opportunityId: input.opportunityId, expertId: expert.id, status: "accepted", scheduledTime: null },
      data: { scheduledTime: at },
    });
    if (updated.count !== 1) throw new AppError("NOT_FOUND", "This invitation cannot be scheduled.");
    const taken = await tx.availabilitySlot.updateMany({ where: { id: slot.id, isAvailable: true }, data: { isAvailable: false } });
    if (taken.count !== 1) throw new AppError("CONFLICT", "That time slot was just taken.");
    return { scheduledTime: at };
  });
}
