import "server-only";
import { createHmac } from "node:crypto";
import { db, LOCKED_TX_OPTIONS } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { env } from "@/lib/platform/env";
import { csvText } from "@/lib/platform/csv";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { orgScope } from "@/lib/organizations/membership";
import { allCells, cellKey, cellLabel, DIMENSION_LABELS, type SampleDimension } from "@/lib/samples/cells";
import { proportionalTargets, universeShares } from "@/lib/samples/targets";
import { sampleWeights } from "@/lib/samples/weights";
import { readStoredPlan, type StoredCell } from "@/lib/samples/plan-cells";
import { PLACE_HOLDING_STATES, replaceProjectSample } from "@/lib/samples/places";
import { formatOf } from "@/lib/vocabulary/studies";
import { samplePlanSchema, type SamplePlanInput } from "@/lib/samples/schemas/sample-plan";
import { capacityShortfall, type CapacityShortfall, type PlanCapacity } from "@/lib/samples/capacity";
import { WITHDRAWN_FLAG } from "@/lib/vocabulary/consent";
import { districtsByCell, type CellDistrict } from "@/lib/samples/cell-districts";

// A project's sample plan: saving it (its cells' targets and population shares), the grid the
// pipeline shows (target, accepted, completed and waitlisted per cell) and the closed project's
// export with each completed engagement's cell and weight.

/** The directory's districts that count in the universe: every agency not reported closed or not yet open. */
const UNIVERSE_STATUSES = ["open", "new", "added", "changed_agency", "reopened"] as const;

export type SampleGridCell = {
  key: string;
  label: string;
  values: Record<string, string>;
  target: number;
  accepted: number;
  completed: number;
  waitlisted: number;
  /** Still wants people: fewer places held than its target. */
  open: boolean;
  /** The study's target districts in this cell, each open to the study or not, and how many approved it. */
  districts: CellDistrict[];
  approvedDistricts: number;
};

export type SamplePlanView = {
  mode: "targets" | "proportional";
  dimensions: SampleDimension[];
  dimensionLabels: string[];
  weighting: "district" | "enrollment" | null;
  totalSize: number;
  cells: SampleGridCell[];
  /** Engagements whose expert's cell cannot be known (no linked district, or a role outside the groups). */
  outside: number;
  canEdit: boolean;
  /** The export exists once the project is closed. */
  exportable: boolean;
  /** The project is open, so the directory can recruit for its open cells. */
  recruiting: boolean;
  /** Places the plan wants beyond what the survey's quota or the focus group's seats can take. */
  shortfall: CapacityShortfall | null;
};

async function projectOf(actor: Actor, projectId: string, permission: "read:project:org" | "manage:project:org") {
  const project = await db().project.findFirst({
    where: { id: projectId, ...orgScope(actor, permission) },
    select: { id: true, status: true, visibility: true, projectType: true, quota: true },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  return project;
}

/** The most people the study can take: a survey's response quota, a focus group's seats over its sessions; null for an interview. */
async function capacityOf(project: { id: string; projectType: string; quota: number }): Promise<PlanCapacity | null> {
  const format = formatOf(project.projectType);
  if (format === "survey") return { limit: project.quota, format };
  if (format !== "focus_group") return null;
  const seats = await db().studySession.aggregate({ where: { projectId: project.id }, _sum: { seats: true } });
  // A focus group without a session yet has nothing to compare with: its seats are still to come.
  return seats._sum.seats ? { limit: seats._sum.seats, format } : null;
}

/** What caps the project's sample plan, for the plan form's warning as the client types (owners and researchers). */
export async function getSampleCapacity(actor: Actor | null, projectId: string): Promise<PlanCapacity | null> {
  requirePermission(actor, "read:project:org");
  return capacityOf(await projectOf(actor, projectId, "read:project:org"));
}

/** The plan's cells from the client's input: targets typed, or drawn from the district universe. */
async function cellsFor(input: SamplePlanInput): Promise<StoredCell[]> {
  const cells = allCells(input.dimensions);
  if (input.mode === "targets") {
    const total = Object.values(input.targets).reduce((a, b) => a + b, 0);
    return cells.map((values) => {
      const key = cellKey(input.dimensions, values);
      const target = input.targets[key] ?? 0;
      // The client's targets are the population they want to represent: its shares weight the export.
      return { key, values: values as Record<string, string>, target, population: target / total };
    });
  }
  const districts = await db().district.findMany({
    where: { status: { in: [...UNIVERSE_STATUSES] } },
    select: { localeGroup: true, enrollmentBand: true, povertyQuartile: true, state: true, enrollment: true },
  });
  const shares = universeShares(input.dimensions, cells, districts, input.weighting);
  if ([...shares.values()].every((s) => s === 0))
    throw new AppError("CONFLICT", "The district directory has no districts to draw these cells from yet.");
  const targets = proportionalTargets(shares, input.totalSize);
  return cells.map((values) => {
    const key = cellKey(input.dimensions, values);
    return { key, values: values as Record<string, string>, target: targets.get(key) ?? 0, population: shares.get(key) ?? 0 };
  });
}

/**
 * Creates or replaces the project's plan (owners and researchers), and places its engagements in
 * the new cells. A plan wanting more than the study can take is saved, with the warning returned.
 */
export async function saveSamplePlan(
  actor: Actor | null,
  projectId: string,
  raw: unknown,
  now: Date = new Date(),
): Promise<{ warning: string | null }> {
  requirePermission(actor, "manage:project:org");
  const parsed = samplePlanSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError("BAD_REQUEST", first?.message ?? "Check the sample plan.", {
      [String(first?.path[0] ?? "plan")]: [first?.message ?? "Check the sample plan."],
    });
  }
  const input = parsed.data;
  const project = await projectOf(actor, projectId, "manage:project:org");
  if (project.status === "closed") throw new AppError("CONFLICT", "This project is closed: its sample plan can no longer change.");
  const cells = await cellsFor(input);
  const totalSize = cells.reduce((a, c) => a + c.target, 0);
  await db().$transaction(async (tx) => {
    const data = {
      mode: input.mode,
      dimensions: input.dimensions,
      weighting: input.mode === "proportional" ? input.weighting : null,
      totalSize,
      cells,
      updatedById: actor.userId,
    };
    await tx.samplePlan.upsert({ where: { projectId: project.id }, create: { projectId: project.id, ...data }, update: data });
    await replaceProjectSample(tx, project.id, now);
    // Announced again with the plan: experts in its open cells not yet told hear of it first
    // (the announcement tells each expert once, so no one hears twice).
    if (project.status === "open" && project.visibility === "open")
      await enqueueJob("announce-project", { projectId: project.id }, { jobKey: `announce-project:${project.id}` }, tx);
  }, LOCKED_TX_OPTIONS);
  return { warning: capacityShortfall(totalSize, await capacityOf(project))?.message ?? null };
}

/** The plan as the pipeline's grid, or null when the project has none. */
export async function getSamplePlanView(actor: Actor | null, projectId: string): Promise<SamplePlanView | null> {
  requirePermission(actor, "read:project:org");
  const project = await projectOf(actor, projectId, "read:project:org");
  const plan = await db().samplePlan.findUnique({
    where: { projectId: project.id },
    select: {
      id: true,
      mode: true,
      weighting: true,
      dimensions: true,
      cells: true,
      placements: { select: { cellKey: true, waitlistedAt: true, engagement: { select: { state: true } } } },
    },
  });
  if (!plan) return null;
  const { dimensions, cells } = readStoredPlan(plan);
  const totalSize = cells.reduce((a, c) => a + c.target, 0);
  const shortfall = capacityShortfall(totalSize, await capacityOf(project));
  const byCell = await districtsByCell(project.id, dimensions, cells);
  const grid = cells.map((c) => {
    const here = plan.placements.filter((p) => p.cellKey === c.key);
    const accepted = here.filter((p) => PLACE_HOLDING_STATES.includes(p.engagement.state)).length;
    return {
      key: c.key,
      label: cellLabel(dimensions, c.values),
      values: c.values,
      target: c.target,
      accepted,
      completed: here.filter((p) => p.engagement.state === "completed").length,
      waitlisted: here.filter((p) => p.waitlistedAt && p.engagement.state === "applied").length,
      open: accepted < c.target,
      districts: byCell.get(c.key)?.districts ?? [],
      approvedDistricts: byCell.get(c.key)?.approved ?? 0,
    };
  });
  return {
    mode: plan.mode,
    dimensions,
    dimensionLabels: dimensions.map((d) => DIMENSION_LABELS[d]),
    weighting: plan.weighting,
    totalSize,
    cells: grid,
    outside: plan.placements.filter((p) => p.cellKey === null).length,
    canEdit: can(actor, "manage:project:org") && project.status !== "closed",
    exportable: project.status === "closed",
    recruiting: project.status === "open",
    shortfall,
  };
}

/**
 * A stand-in for one engagement in the export: the same on every download, and no one without
 * the server's secret can tie it back to an engagement or an expert.
 */
const opaqueId = (planId: string, engagementId: string) =>
  createHmac("sha256", env().NEXTAUTH_SECRET).update(`sample-export:${planId}:${engagementId}`).digest("hex").slice(0, 16);

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The closed project's completed engagements, each with its cell and post-stratification weight.
 * An engagement outside every cell has an empty weight: the plan's population says nothing of it.
 */
export async function sampleExportCsv(actor: Actor | null, projectId: string): Promise<string> {
  requirePermission(actor, "read:project:org");
  const project = await projectOf(actor, projectId, "read:project:org");
  if (project.status !== "closed") throw new AppError("CONFLICT", "The sample export is ready once the project is closed.");
  const plan = await db().samplePlan.findUnique({
    where: { projectId: project.id },
    select: {
      id: true,
      dimensions: true,
      cells: true,
      placements: {
        where: { engagement: { state: "completed" } },
        orderBy: { createdAt: "asc" },
        select: {
          engagementId: true,
          cellKey: true,
          engagement: { select: { participantId: true, withdrawal: { select: { withdrawnAt: true } } } },
        },
      },
    },
  });
  if (!plan) throw new AppError("NOT_FOUND", "This project has no sample plan.");
  const { dimensions, cells } = readStoredPlan(plan);
  const counts = new Map<string, number>();
  for (const p of plan.placements) if (p.cellKey) counts.set(p.cellKey, (counts.get(p.cellKey) ?? 0) + 1);
  const weights = sampleWeights(cells, counts);
  // A survey's rows carry the participant id its own tool received, so the client can join the
  // weights to their answers; other studies get a stand-in that names no one.
  const survey = formatOf(project.projectType) === "survey";
  const header = [
    survey ? "participant_id" : "engagement_ref",
    "cell",
    ...dimensions,
    "population_share",
    "sample_share",
    "weight",
    "weight_method",
    // A participant who withdrew their consent: the client deletes their data before analysis.
    "consent",
  ];
  const n = [...counts.values()].reduce((a, b) => a + b, 0);
  const rows = plan.placements.map((p) => {
    const cell = cells.find((c) => c.key === p.cellKey);
    const weight = cell ? weights.byCell.get(cell.key) : undefined;
    return [
      survey && p.engagement.participantId ? p.engagement.participantId : opaqueId(plan.id, p.engagementId),
      cell ? cellLabel(dimensions, cell.values) : "outside the plan",
      ...dimensions.map((d) => cell?.values[d] ?? ""),
      cell ? round(cell.population) : "",
      cell ? round((counts.get(cell.key) ?? 0) / n) : "",
      weight === undefined ? "" : round(weight),
      weight === undefined ? "" : weights.method,
      p.engagement.withdrawal ? WITHDRAWN_FLAG : "",
    ];
  });
  return csvText(header, rows);
}
