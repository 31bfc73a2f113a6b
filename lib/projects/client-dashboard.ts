import "server-only";
import { orgIdsSql, orgScope } from "@/lib/organizations/membership";
import { db } from "@/lib/platform/db";
import { FILLING_STATES } from "@/lib/vocabulary/engagement-states";
import { formatOf, type StudyFormat } from "@/lib/vocabulary/studies";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { statementsDue } from "@/lib/money/billing";

/**
 * The client dashboard's six count cards, live from the database. 'Find Experts' counts the
 * experts a client can find (verified and public); Invites and Schedules come from the engagements
 * (lib/engagements/views.ts reads the same rows per project); 'Exports' counts the rows the shortlist CSV export holds.
 */
export type ClientDashboardCounts = {
  projects: number;
  findExperts: number;
  shortlists: number;
  invites: number;
  schedules: number;
  exports: number;
};

export async function getClientDashboardCounts(actor: Actor | null): Promise<ClientDashboardCounts> {
  requirePermission(actor, "search:expert:any");
  // The organization's rows, for the roles that see its projects (finance sees none of them).
  const orgIds = orgIdsSql(actor, "read:project:org");
  // One statement for the five counts (each its own indexed count): a page view is one round trip, not five.
  const [c] = await db().$queryRaw<[{ projects: number; findExperts: number; shortlists: number; invites: number; schedules: number }]>`
    SELECT (SELECT count(*) FROM projects WHERE organization_id IN ${orgIds})::int AS projects,
           (SELECT count(*) FROM experts WHERE verification_status = 'verified' AND is_public_profile)::int AS "findExperts",
           (SELECT count(*) FROM shortlists WHERE organization_id IN ${orgIds})::int AS shortlists,
           (SELECT count(*) FROM engagements WHERE organization_id IN ${orgIds} AND origin = 'invite')::int AS invites,
           (SELECT count(*) FROM engagements WHERE organization_id IN ${orgIds} AND state = 'scheduled')::int AS schedules`;
  return { ...c, exports: c.shortlists };
}

/** One project's share of something that waits on the client. */
export type AttentionItem = { projectId: string; title: string; count: number };
/** What waits on the client, for the top of their dashboard. */
export type ClientAttention = {
  /** Applications to accept or decline, per project. */
  applications: AttentionItem[];
  /** Sessions that have ended and are not yet marked completed or no-show, per project. */
  sessionsToMark: AttentionItem[];
  /** Session times waiting on the client: a new time the expert proposed, or a short-notice time to confirm. */
  timesToAnswer: AttentionItem[];
  /** Survey responses in the review window, per project (approved anyway when it ends). */
  responsesToReview: AttentionItem[];
  /** Sessions the client disputed that the team has not resolved yet. */
  openDisputes: number;
  /** Finished months with an unpaid statement. */
  statementsDue: { month: string; totalCents: number }[];
};

type AttentionCounts = { applied: number; toMark: number; toAnswer: number; toReview: number };

/** The projects with `key` waiting, most first. */
const perProject = (rows: (AttentionCounts & { projectId: string; title: string })[], key: keyof AttentionCounts): AttentionItem[] =>
  rows
    .filter((r) => r[key] > 0)
    .map((r) => ({ projectId: r.projectId, title: r.title, count: r[key] }))
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title));

export async function getClientAttention(actor: Actor | null, now: Date = new Date()): Promise<ClientAttention> {
  requirePermission(actor, "search:expert:any");
  // The lists are work only a role that runs projects can do: a viewer, an admin or finance is not
  // asked to answer what the server would refuse them. Billing roles still see statements due.
  const orgIds = orgIdsSql(actor, "manage:project:org");
  // One statement for the four lists (counted per project) and the open disputes.
  const [rows, due] = await Promise.all([
    db().$queryRaw<(AttentionCounts & { projectId: string; title: string; openDisputes: number })[]>`
      SELECT e.project_id::text AS "projectId", p.title,
             count(*) FILTER (WHERE e.state = 'applied')::int AS applied,
             count(*) FILTER (WHERE e.state = 'scheduled' AND s.ends_at <= ${now})::int AS "toMark",
             count(*) FILTER (WHERE e.state = 'scheduled' AND s.status = 'scheduled'
                                AND (s.proposed_by = 'expert' OR (s.proposed_by IS NULL AND s.agreed_at IS NULL)))::int AS "toAnswer",
             count(*) FILTER (WHERE e.state = 'submitted' AND g.state = 'pending_qc')::int AS "toReview",
             (SELECT count(*) FROM earnings d WHERE d.organization_id IN ${orgIds} AND d.state = 'disputed')::int AS "openDisputes"
      FROM (SELECT NULL) AS one
      LEFT JOIN engagements e ON e.organization_id IN ${orgIds} AND e.state IN ('applied', 'scheduled', 'submitted')
      LEFT JOIN projects p ON p.id = e.project_id
      LEFT JOIN engagement_sessions s ON s.engagement_id = e.id
      LEFT JOIN earnings g ON g.engagement_id = e.id
      GROUP BY e.project_id, p.title`,
    can(actor, "read:billing:org") ? statementsDue(actor, now) : [],
  ]);
  const projects = rows.filter((r) => r.projectId !== null);
  return {
    applications: perProject(projects, "applied"),
    sessionsToMark: perProject(projects, "toMark"),
    timesToAnswer: perProject(projects, "toAnswer"),
    responsesToReview: perProject(projects, "toReview"),
    openDisputes: rows[0]?.openDisputes ?? 0,
    statementsDue: due.map((s) => ({ month: s.month, totalCents: s.totalCents })),
  };
}

/** A project as the dashboard lists it: a way straight to its pipeline, with how full it is. */
export type RecentProject = {
  id: string;
  title: string;
  status: "open" | "paused" | "closed";
  quota: number;
  filled: number;
  createdAt: Date;
  /** How the study runs: its counts read in its own unit (responses, seats, sessions). */
  format: StudyFormat;
};

/** The client's newest projects, newest first, so their pipelines are one tap from the dashboard. */
export async function getRecentProjects(actor: Actor | null, limit = 3): Promise<RecentProject[]> {
  requirePermission(actor, "search:expert:any");
  const rows = await db().project.findMany({
    where: orgScope(actor, "read:project:org"),
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true,
      title: true,
      status: true,
      quota: true,
      createdAt: true,
      projectType: true,
    },
  });
  // Counts per project and state, not the rows: a survey may hold hundreds of responses.
  const counts = await db().engagement.groupBy({
    by: ["projectId", "state"],
    where: { projectId: { in: rows.map((r) => r.id) }, state: { in: [...new Set(Object.values(FILLING_STATES).flat())] } },
    _count: { _all: true },
  });
  return rows.map(({ projectType, ...p }) => {
    // Engagements that take one of a project's places: the same count the project page shows.
    const filling: readonly string[] = FILLING_STATES[formatOf(projectType)];
    const filled = counts.filter((c) => c.projectId === p.id && filling.includes(c.state)).reduce((n, c) => n + c._count._all, 0);
    return { ...p, filled, format: formatOf(projectType) };
  });
}
