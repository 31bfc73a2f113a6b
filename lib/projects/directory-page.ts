import "server-only";
import { db } from "@/lib/platform/db";
import { AppError, isAppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { searchDirectory, type DirectoryPage } from "@/lib/experts/directory";
import { shortlistedIds } from "@/lib/projects/shortlists";
import { engagementsWithExperts, type ExistingEngagement } from "@/lib/projects/invite-choices";
import { can } from "@/lib/accounts/permissions";
import { orgScope } from "@/lib/organizations/membership";
import { projectAbilitiesFor } from "@/lib/organizations/member-access";
import { EXPERT_CELL_SELECT, planStanding, type CellStanding } from "@/lib/samples/places";
import { inCells } from "@/lib/samples/cell-sql";
import type { DirectoryFilters, DirectoryVariant } from "@/lib/experts/schemas/directory";
import { loggerFor } from "@/lib/platform/log.mjs";
import { Prisma } from "@/lib/generated/prisma/client";

const { sql } = Prisma;

const log = loggerFor("directory");

/** One of the organization's open projects with a sample plan: the directory can recruit for it. */
export type PlanChoice = { id: string; title: string };

/** Searching for a project's sample plan: its open cells' experts come first, and each card says where it lands. */
export type Recruiting = {
  projectId: string;
  title: string;
  openCells: number;
  cellCount: number;
  /** Each listed expert's side of the plan, with the words of their cell (null when it cannot be known). */
  experts: Record<string, { standing: CellStanding; cell: string | null }>;
  /** Districts that declined the study: their staff are left out of these results, with the office's reason. */
  declined: { name: string; reason: string }[];
};

/** The open projects with a sample plan that the actor's organization may recruit for. */
export async function planChoices(actor: Actor): Promise<PlanChoice[]> {
  if (!can(actor, "read:project:org")) return [];
  return db().project.findMany({
    where: { ...orgScope(actor, "read:project:org"), status: "open", samplePlan: { isNot: null } },
    orderBy: { createdAt: "desc" },
    select: { id: true, title: true },
  });
}

/**
 * The directory's search, with `recruitingFor` honoured: experts in that project's open cells
 * first. A project the actor's organization cannot read, one not open, or one without a plan is
 * not found.
 */
export async function searchForPlan(
  actor: Actor | null,
  filters: DirectoryFilters,
  variant: DirectoryVariant,
): Promise<{ page: DirectoryPage; recruiting: Recruiting | null }> {
  if (!filters.recruitingFor) return { page: await searchDirectory(actor, filters, variant), recruiting: null };
  const project =
    actor && can(actor, "read:project:org")
      ? await db().project.findFirst({
          where: { id: filters.recruitingFor, ...orgScope(actor, "read:project:org"), status: "open", samplePlan: { isNot: null } },
          select: { id: true, title: true },
        })
      : null;
  const plan = project && (await planStanding(db(), project.id));
  if (!project || !plan) throw new AppError("NOT_FOUND", "Project not found");
  const declined = await declinedDistricts(project.id);
  const leftOut = declined.length
    ? sql`(e.district_leaid IS NULL OR e.district_leaid <> ALL(${declined.map((d) => d.leaid)}::bpchar[]))`
    : undefined;
  const page = await searchDirectory(actor, filters, variant, inCells(plan.dimensions, plan.openCells), leftOut);
  const facts = await db().expert.findMany({
    where: { id: { in: page.experts.map((e) => e.id) } },
    select: { id: true, ...EXPERT_CELL_SELECT },
  });
  const experts = Object.fromEntries(facts.map((f) => [f.id, { standing: plan.standing(f), cell: plan.cellOf(f) }]));
  return {
    page,
    recruiting: {
      projectId: project.id,
      title: project.title,
      openCells: plan.openCells.length,
      cellCount: plan.cellCount,
      experts,
      declined: declined.map(({ name, reason }) => ({ name, reason })),
    },
  };
}

/** The districts whose research office declined the project, with their reasons. */
async function declinedDistricts(projectId: string) {
  const rows = await db().projectDistrictApproval.findMany({
    where: { projectId, status: "declined" },
    select: { leaid: true, declineReason: true },
  });
  if (rows.length === 0) return [];
  const names = new Map(
    (await db().district.findMany({ where: { leaid: { in: rows.map((r) => r.leaid) } }, select: { leaid: true, name: true } })).map((d) => [
      d.leaid,
      d.name,
    ]),
  );
  return rows.map((r) => ({ leaid: r.leaid, name: names.get(r.leaid) ?? r.leaid, reason: r.declineReason ?? "No reason given." }));
}

/**
 * What a directory page renders: a page of results (or the load-error message the page shows
 * in its error card), the actor's shortlisted ids to mark the cards and, for a client, the
 * listed experts they already have in a project (so a card says so before another invite), the
 * projects it can recruit for and, when one is chosen, where each listed expert lands in its plan.
 */
export async function loadDirectoryPage(
  actor: Actor,
  filters: DirectoryFilters,
  variant: DirectoryVariant,
): Promise<{
  result: DirectoryPage | { error: string };
  shortlisted: string[];
  engaged: Record<string, ExistingEngagement[]>;
  plans: PlanChoice[];
  recruiting: Recruiting | null;
  /** Whether the cards offer Shortlist and Invite: only to a role that may run projects (the others would be refused). */
  recruit: boolean;
}> {
  const recruit = projectAbilitiesFor(actor).run;
  try {
    const [found, shortlisted, plans] = await Promise.all([
      // A link to a project that is no longer the organization's (or has no plan) shows the plain search.
      searchForPlan(actor, filters, variant).catch((e) =>
        isAppError(e) && e.code === "NOT_FOUND" && filters.recruitingFor
          ? searchForPlan(actor, { ...filters, recruitingFor: undefined }, variant)
          : Promise.reject(e),
      ),
      shortlistedIds(actor),
      variant === "client" ? planChoices(actor) : [],
    ]);
    const result = found.page;
    const engaged = can(actor, "read:project:org")
      ? await engagementsWithExperts(
          actor,
          result.experts.map((e) => e.id),
        )
      : {};
    return { result, shortlisted, engaged, plans, recruiting: found.recruiting, recruit };
  } catch (e) {
    if (isAppError(e) && (e.code === "FORBIDDEN" || e.code === "UNAUTHENTICATED")) throw e;
    log.error({ err: e }, "directory search failed");
    return {
      result: { error: variant === "client" ? "Failed to load experts. Please try again." : "Failed to load experts" },
      shortlisted: [],
      engaged: {},
      plans: [],
      recruiting: null,
      recruit,
    };
  }
}
