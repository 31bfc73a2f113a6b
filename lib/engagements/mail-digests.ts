import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { DigestFrequency, ProjectMailMode } from "@/lib/generated/prisma/enums";
import { db, type Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { formatDateTime } from "@/lib/platform/format";
import { queueMail } from "@/lib/platform/mail/queue";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { clientZoneFrom } from "@/lib/accounts/client-settings";
import { orgScope } from "@/lib/organizations/membership";
import { composeMail, line, titled } from "@/lib/platform/mail/content";
import type { EngagementMailKind } from "@/lib/engagements/mail";

// A busy project e-mails its client once an hour or once a day instead of once per applicant,
// seat and response. The bell still gets every event as it happens (the notice is written
// first); only the e-mail is held: the notice row records which digest it waits for, and the
// digest row, unique per project, recipient, frequency and period, is what makes a period's
// e-mail go once however often the job runs.

/** The events a digest counts. Anything else (a cancellation, a missed session) is e-mailed at once. */
export const DIGEST_KINDS = [
  "applied",
  "seated",
  "waitlisted",
  "left_waitlist",
  "submitted",
] as const satisfies readonly EngagementMailKind[];
export type DigestKind = (typeof DIGEST_KINDS)[number];

/** A project left on its default mails each event until this many arrive in one UTC day, then the daily digest. */
export const BUSY_DAY_EVENTS = 10;

const HOUR = 3_600_000;
const PERIOD_MS: Record<DigestFrequency, number> = { hourly: HOUR, daily: 24 * HOUR };

/** The end of the period an instant falls in: the next whole UTC hour, or the next UTC midnight. */
export function periodEndOf(at: Date, frequency: DigestFrequency): Date {
  const ms = PERIOD_MS[frequency];
  return new Date(Math.floor(at.getTime() / ms) * ms + ms);
}

const startOfUtcDay = (at: Date) => new Date(Math.floor(at.getTime() / (24 * HOUR)) * 24 * HOUR);

export const isDigestKind = (kind: string): kind is DigestKind => (DIGEST_KINDS as readonly string[]).includes(kind);

/**
 * Whether a client's e-mail about this event waits for a digest, and which: called by the notice
 * after it wrote the bell's row (so today's count includes this event). Null: mail it now.
 */
export async function digestFor(
  tx: Tx,
  input: { projectId: string; userId: string; kind: EngagementMailKind; mode: ProjectMailMode | null; now: Date },
): Promise<{ frequency: DigestFrequency; dueAt: Date } | null> {
  if (!isDigestKind(input.kind) || input.mode === "every_event") return null;
  let frequency: DigestFrequency | null = input.mode;
  if (!frequency) {
    const today = await tx.notification.count({
      where: {
        userId: input.userId,
        kind: { in: [...DIGEST_KINDS] },
        createdAt: { gte: startOfUtcDay(input.now) },
        engagement: { projectId: input.projectId },
      },
    });
    if (today <= BUSY_DAY_EVENTS) return null;
    frequency = "daily";
  }
  return { frequency, dueAt: periodEndOf(input.now, frequency) };
}

export type DigestCounts = { applications: number; seats: number; waitlist: number; leftWaitlist: number; responses: number };

const COUNT_OF: Record<DigestKind, keyof DigestCounts> = {
  applied: "applications",
  seated: "seats",
  waitlisted: "waitlist",
  left_waitlist: "leftWaitlist",
  submitted: "responses",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The counts as a person reads them, only those above zero: "3 applications, 1 seat taken". */
export function describeCounts(c: DigestCounts): string[] {
  return [
    c.applications && plural(c.applications, "application", "applications"),
    c.seats && plural(c.seats, "seat taken", "seats taken"),
    c.waitlist && plural(c.waitlist, "joined the waitlist", "joined the waitlist"),
    c.leftWaitlist && plural(c.leftWaitlist, "left the waitlist", "left the waitlist"),
    c.responses && plural(c.responses, "response", "responses"),
  ].filter((s): s is string => Boolean(s));
}

type DueGroup = { user_id: string; project_id: string; frequency: DigestFrequency; due_at: Date };

/**
 * Sends every digest whose period has ended (the hourly job). Each is one transaction: the digest
 * row first (a period already sent inserts nothing), then the held notices it reports, then the
 * e-mail on the queue. A notice that committed after its period's digest went moves to the next
 * period rather than being lost.
 */
export async function sendDueDigests(now: Date = new Date()): Promise<number> {
  const groups = await db().$queryRaw<DueGroup[]>`
    SELECT DISTINCT n.user_id::text, e.project_id::text, n.digest_frequency::text AS frequency, n.digest_due_at AS due_at
    FROM notifications n JOIN engagements e ON e.id = n.engagement_id
    WHERE n.digest_id IS NULL AND n.digest_due_at IS NOT NULL AND n.digest_due_at <= ${now}
    ORDER BY due_at`;
  let sent = 0;
  for (const g of groups) if (await sendDigest(g)) sent++;
  return sent;
}

async function sendDigest(g: DueGroup): Promise<boolean> {
  const periodStart = new Date(g.due_at.getTime() - PERIOD_MS[g.frequency]);
  return db().$transaction(async (tx) => {
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO project_mail_digests (id, project_id, user_id, frequency, period_start, period_end, counts)
      VALUES (gen_random_uuid(), ${g.project_id}::uuid, ${g.user_id}::uuid, ${g.frequency}::"DigestFrequency", ${periodStart}, ${g.due_at}, '{}'::jsonb)
      ON CONFLICT (project_id, user_id, frequency, period_end) DO NOTHING
      RETURNING id::text`;
    const held = Prisma.sql`user_id = ${g.user_id}::uuid AND digest_id IS NULL AND digest_frequency = ${g.frequency}::"DigestFrequency"
      AND digest_due_at = ${g.due_at} AND engagement_id IN (SELECT id FROM engagements WHERE project_id = ${g.project_id}::uuid)`;
    if (inserted.length === 0) {
      // This period's digest already went: whatever arrived for it since waits for the next one.
      await tx.$executeRaw`UPDATE notifications SET digest_due_at = ${new Date(g.due_at.getTime() + PERIOD_MS[g.frequency])} WHERE ${held}`;
      return false;
    }
    const digestId = inserted[0].id;
    const claimed = await tx.$queryRaw<
      { kind: string }[]
    >`UPDATE notifications SET digest_id = ${digestId}::uuid WHERE ${held} RETURNING kind`;
    const counts: DigestCounts = { applications: 0, seats: 0, waitlist: 0, leftWaitlist: 0, responses: 0 };
    for (const { kind } of claimed) if (isDigestKind(kind)) counts[COUNT_OF[kind]]++;
    await tx.projectMailDigest.update({ where: { id: digestId }, data: { counts } });
    const project = await tx.project.findUniqueOrThrow({ where: { id: g.project_id }, select: { id: true, title: true } });
    const user = await tx.user.findUniqueOrThrow({
      where: { id: g.user_id },
      select: { email: true, firstName: true, clientProfile: { select: { timeZone: true } } },
    });
    const mail = digestMail({
      firstName: user.firstName,
      projectTitle: project.title,
      link: `${env().APP_URL}/client/projects/${project.id}`,
      frequency: g.frequency,
      periodStart,
      periodEnd: g.due_at,
      zone: clientZoneFrom(user.clientProfile),
      counts,
    });
    await queueMail({ to: user.email, ...mail }, tx, `project-digest:${digestId}`);
    return true;
  });
}

/** The digest e-mail: the counts, the period in the recipient's zone (named), one link to the project. */
export function digestMail(input: {
  firstName: string;
  projectTitle: string;
  link: string;
  frequency: DigestFrequency;
  periodStart: Date;
  periodEnd: Date;
  zone: string;
  counts: DigestCounts;
}) {
  const counted = describeCounts(input.counts);
  const from = formatDateTime(input.periodStart, input.zone, { weekday: true });
  const to = formatDateTime(input.periodEnd, input.zone, { weekday: true });
  const title = titled(input.projectTitle);
  return composeMail({
    subject: `${input.frequency === "hourly" ? "Hourly" : "Daily"} digest for "${input.projectTitle}": ${counted.join(", ")}`,
    firstName: input.firstName,
    body: [
      line`What happened in ${title} from ${from} to ${to}:`,
      ...counted.map((c) => line`• ${c}`),
      line`Open the project to answer applications and review responses. You get this digest instead of one e-mail per event because of the project's e-mail setting, which you can change on the project page.`,
    ],
    action: { label: "Open your project", href: input.link },
    why: `You run "${input.projectTitle}" on K12 Experts, and its e-mail setting sends you a digest.`,
  });
}

// ───────────────────────────── the setting ─────────────────────────────

export type ProjectMailSetting = {
  /** null: the default (each event until a busy day, then the daily digest). */
  mode: ProjectMailMode | null;
  /** Digest events so far in the current UTC day. */
  eventsToday: number;
  /** The latest digest e-mailed for the project: when (UTC), which, and what it counted in words. */
  lastDigest: { sentAt: Date; frequency: DigestFrequency; summary: string } | null;
  /** Whether the reader may change it (the project's own rule: managing the project). */
  mayChange: boolean;
};

/** The project's e-mail setting as its members see it; another organization's project is not found. */
export async function getProjectMailSetting(actor: Actor | null, projectId: string, now: Date = new Date()): Promise<ProjectMailSetting> {
  requirePermission(actor, "read:project:org");
  const project = await db().project.findFirst({
    where: { id: projectId, ...orgScope(actor, "read:project:org") },
    select: { mailMode: true, clientUserId: true },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  const [eventsToday, last] = await Promise.all([
    db().notification.count({
      where: {
        userId: project.clientUserId,
        kind: { in: [...DIGEST_KINDS] },
        createdAt: { gte: startOfUtcDay(now) },
        engagement: { projectId },
      },
    }),
    db().projectMailDigest.findFirst({
      where: { projectId },
      orderBy: { sentAt: "desc" },
      select: { sentAt: true, frequency: true, counts: true },
    }),
  ]);
  return {
    mode: project.mailMode,
    eventsToday,
    lastDigest: last
      ? { sentAt: last.sentAt, frequency: last.frequency, summary: describeCounts(last.counts as DigestCounts).join(", ") || "nothing new" }
      : null,
    mayChange: can(actor, "manage:project:org"),
  };
}

/** Sets how the project's client is e-mailed: the roles that manage the project, in its own organization. */
export async function setProjectMailMode(actor: Actor | null, projectId: string, mode: ProjectMailMode | null) {
  requirePermission(actor, "manage:project:org");
  const { count } = await db().project.updateMany({
    where: { id: projectId, ...orgScope(actor, "manage:project:org") },
    data: { mailMode: mode, updatedById: actor.userId },
  });
  if (count === 0) throw new AppError("NOT_FOUND", "Project not found");
  return { mode };
}
