import "server-only";
import type { Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { EngagementState } from "@/lib/generated/prisma/enums";
import { expertCellKey, labelOfKey, type ExpertFacts, type SampleDimension } from "@/lib/samples/cells";
import { readStoredPlan, type StoredCell } from "@/lib/samples/plan-cells";

// Where an engagement sits in its project's sample plan. A cell is full once as many of its
// engagements are accepted (or further on) as its target; an application in a full cell waits
// on the cell's waitlist instead of being refused, and the client can accept it once a place in
// that cell frees (a cancel or decline). An expert whose cell cannot be known is in no cell:
// nothing of theirs is waitlisted or counted against a target.

/** The states that hold one of a cell's places. */
export const PLACE_HOLDING_STATES: readonly EngagementState[] = ["accepted", "scheduled", "completed", "submitted"];

export const CELL_FULL_MESSAGE =
  "The sample plan's cell for this expert is full, so the application waits on its waitlist. Accept it once a place in that cell frees.";

/** What the expert reads when their application waits on a full cell. */
export const CELL_WAITLIST_MESSAGE =
  "Waitlisted: this study already has the people it needs with a profile like yours. Your application waits, and the researcher can accept it if a place frees.";

const expertFactsSelect = {
  roleTitle: true,
  district: { select: { localeGroup: true, enrollmentBand: true, povertyQuartile: true, state: true } },
} as const;

/** The project's plan with its cells, or null. */
async function planOf(tx: Tx, projectId: string) {
  const plan = await tx.samplePlan.findUnique({ where: { projectId }, select: { id: true, dimensions: true, cells: true } });
  return plan ? { id: plan.id, ...readStoredPlan(plan) } : null;
}

/** How many of a cell's places are held, leaving out one engagement (the one being decided). */
async function heldPlaces(tx: Tx, planId: string, cellKey: string, except: string) {
  return tx.samplePlacement.count({
    where: { planId, cellKey, engagementId: { not: except }, engagement: { state: { in: [...PLACE_HOLDING_STATES] } } },
  });
}

/**
 * Records a new engagement's cell (when its project has a plan) and whether it is waitlisted:
 * `waitlistIfFull` for an application, whose place is not the client's choice. Serialised per
 * plan so two applications cannot both take a cell's last place.
 */
export async function placeInSample(
  tx: Tx,
  e: { id: string; projectId: string; expertId: string },
  opts: { waitlistIfFull: boolean; now: Date },
): Promise<{ waitlisted: boolean }> {
  const plan = await planOf(tx, e.projectId);
  if (!plan) return { waitlisted: false };
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sample-plan:${plan.id}`}))`;
  const expert = await tx.expert.findUniqueOrThrow({ where: { id: e.expertId }, select: expertFactsSelect });
  const key = expertCellKey(plan.dimensions, expert);
  const cell = key === null ? null : plan.cells.find((c) => c.key === key);
  const full = !!cell && opts.waitlistIfFull && (await heldPlaces(tx, plan.id, cell.key, e.id)) >= cell.target;
  await tx.samplePlacement.upsert({
    where: { engagementId: e.id },
    create: { engagementId: e.id, planId: plan.id, cellKey: cell?.key ?? null, waitlistedAt: full ? opts.now : null },
    update: { planId: plan.id, cellKey: cell?.key ?? null, waitlistedAt: full ? opts.now : null },
  });
  return { waitlisted: full };
}

/**
 * Before the client accepts an application: refuses while its cell is full, and takes it off the
 * waitlist when a place has freed. An application outside every cell, or a project without a
 * plan, passes.
 */
export async function takeCellPlace(tx: Tx, e: { id: string; projectId: string }): Promise<void> {
  const placement = await tx.samplePlacement.findUnique({ where: { engagementId: e.id }, select: { planId: true, cellKey: true } });
  if (!placement?.cellKey) return;
  const plan = await planOf(tx, e.projectId);
  const cell = plan?.cells.find((c) => c.key === placement.cellKey);
  if (!plan || !cell) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sample-plan:${plan.id}`}))`;
  if ((await heldPlaces(tx, plan.id, cell.key, e.id)) >= cell.target) {
    await tx.samplePlacement.updateMany({ where: { engagementId: e.id, waitlistedAt: null }, data: { waitlistedAt: new Date() } });
    throw new AppError("CONFLICT", CELL_FULL_MESSAGE);
  }
  await tx.samplePlacement.update({ where: { engagementId: e.id }, data: { waitlistedAt: null } });
}

/**
 * Re-places every engagement of a project after its plan changed (its cells may be new): an
 * application still waiting for an answer is waitlisted if its new cell is full.
 */
export async function replaceProjectSample(tx: Tx, projectId: string, now: Date) {
  const rows = await tx.engagement.findMany({
    where: { projectId },
    orderBy: { createdAt: "asc" },
    select: { id: true, projectId: true, expertId: true, state: true },
  });
  for (const r of rows) await placeInSample(tx, r, { waitlistIfFull: r.state === "applied", now });
}

/** Which side of a project's plan an expert would land on: a cell still open, a full one, or none known. */
export type CellStanding = "open" | "full" | "outside";

/** A plan's cells as they stand now: which still want people, and where any expert would land. */
export type PlanStanding = {
  dimensions: SampleDimension[];
  cellCount: number;
  /** The cells with fewer places held than their target, in the plan's order. */
  openCells: StoredCell[];
  standing: (expert: ExpertFacts) => CellStanding;
  /** The words of the cell an expert falls in, or null when it cannot be known. */
  cellOf: (expert: ExpertFacts) => string | null;
};

/**
 * Each project's plan as it stands (a project without a plan is left out): two reads for any
 * number of projects, the plans and the places held per cell.
 */
export async function planStandings(tx: Tx, projectIds: readonly string[]): Promise<Map<string, PlanStanding>> {
  if (projectIds.length === 0) return new Map();
  const plans = await tx.samplePlan.findMany({
    where: { projectId: { in: [...projectIds] } },
    select: { id: true, projectId: true, dimensions: true, cells: true },
  });
  if (plans.length === 0) return new Map();
  const held = await tx.samplePlacement.groupBy({
    by: ["planId", "cellKey"],
    where: { planId: { in: plans.map((p) => p.id) }, cellKey: { not: null }, engagement: { state: { in: [...PLACE_HOLDING_STATES] } } },
    _count: { _all: true },
  });
  const heldBy = new Map(held.map((h) => [`${h.planId}|${h.cellKey}`, h._count._all]));
  return new Map(
    plans.map((raw) => {
      const plan = readStoredPlan(raw);
      const openCells = plan.cells.filter((c) => (heldBy.get(`${raw.id}|${c.key}`) ?? 0) < c.target);
      const open = new Set(openCells.map((c) => c.key));
      const inPlan = new Set(plan.cells.map((c) => c.key));
      const standing: PlanStanding = {
        dimensions: plan.dimensions,
        cellCount: plan.cells.length,
        openCells,
        standing: (expert) => {
          const key = expertCellKey(plan.dimensions, expert);
          return key === null || !inPlan.has(key) ? "outside" : open.has(key) ? "open" : "full";
        },
        cellOf: (expert) => {
          const key = expertCellKey(plan.dimensions, expert);
          return key === null ? null : labelOfKey(key);
        },
      };
      return [raw.projectId, standing];
    }),
  );
}

/** The project's plan as it stands, or null when the project has none. */
export async function planStanding(tx: Tx, projectId: string): Promise<PlanStanding | null> {
  return (await planStandings(tx, [projectId])).get(projectId) ?? null;
}

/**
 * The project's plan as a ranking of experts: open cells first, then experts whose cell is not
 * known, then full cells. Null when the project has no plan (every expert ranks the same).
 */
export async function cellStandingOf(tx: Tx, projectId: string) {
  return (await planStanding(tx, projectId))?.standing ?? null;
}

/** The order of that ranking. */
export const STANDING_ORDER: Record<CellStanding, number> = { open: 0, outside: 1, full: 2 };

/** What cellStandingOf reads of an expert. */
export const EXPERT_CELL_SELECT = expertFactsSelect;
