import "server-only";
import { isOrganizationMember, organizationName, organizationNameSelect, orgScope } from "@/lib/organizations/membership";
import { db, type Tx } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, orgRefusalFor, requirePermission } from "@/lib/accounts/permissions";
import { env } from "@/lib/platform/env";
import { formatDateTime, fullName } from "@/lib/platform/format";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import { queueMail } from "@/lib/platform/mail/queue";
import { createNotification } from "@/lib/notifications/notifications";
import { clientZoneFrom } from "@/lib/accounts/client-settings";
import { consumeRateLimits, MESSAGES_PER_ACCOUNT } from "@/lib/platform/security/rate-limit";
import { ACQUAINTED_STATES, type Side } from "@/lib/engagements/states";
import { unreadMessagesMail } from "@/lib/engagements/message-mail";
import { messageThreadPath } from "@/lib/engagements/notices";
import { offPlatformFlags, offPlatformWarning, type OffPlatformFlag } from "@/lib/engagements/message-rules";
import { newestFirstPage, type Page, type PageRequest } from "@/lib/platform/keyset";

// One conversation per engagement, between the expert and the client. Each side reads and
// writes only the threads of its own engagements; a message that looks like it takes contact or
// payment off the platform is sent only once the sender confirms the warning, and is flagged for
// the admins. The other side hears by a notice (one unread per thread) and by e-mail, batched so a
// burst of messages is one e-mail; neither side's address is ever in it.

/** How long a burst of messages waits for more before its e-mail leaves. */
export const MESSAGE_MAIL_DELAY_MINUTES = 3;

const NOT_FOUND = () => new AppError("NOT_FOUND", "Engagement not found");
/** Engagements that ended before they began have no conversation to join. */
const CLOSED_STATES = ["declined", "screened_out"] as const;

const threadSelect = {
  id: true,
  state: true,
  clientUserId: true,
  organizationId: true,
  projectId: true,
  project: {
    select: {
      title: true,
      ...organizationNameSelect,
      client: { select: { firstName: true, lastName: true } },
    },
  },
  expert: { select: { userId: true, user: { select: { firstName: true, lastName: true } } } },
} as const;

/**
 * The engagement and the actor's side of its conversation. On the client's side every member of
 * the organization who works on its projects may read and write (a viewer reads), while the
 * project's responsible member is the one notified.
 */
async function threadOf(reader: Tx | ReturnType<typeof db>, actor: Actor, engagementId: string, access: "read" | "write" = "read") {
  const e = await reader.engagement.findUnique({ where: { id: engagementId }, select: threadSelect });
  if (!e) throw NOT_FOUND();
  const side: Side | null =
    e.expert.userId === actor.userId && can(actor, "update:expert:own")
      ? "expert"
      : isOrganizationMember(actor, e.organizationId, access === "write" ? "manage:project:org" : "read:project:org")
        ? "client"
        : null;
  // A member who reads the thread but may not write it (a viewer) is told their role; anyone else learns nothing.
  if (!side && access === "write" && isOrganizationMember(actor, e.organizationId, "read:project:org"))
    throw orgRefusalFor(actor, "manage:project:org");
  if (!side) throw NOT_FOUND();
  return { e, side };
}
type Thread = Awaited<ReturnType<typeof threadOf>>["e"];

/** How each side is named in the thread: the expert learns the client's name once acquainted, as on their card. */
function namesOf(e: Thread) {
  const organization = organizationName(e.project);
  return {
    expert: fullName(e.expert.user.firstName, e.expert.user.lastName),
    client: ACQUAINTED_STATES.includes(e.state)
      ? `${fullName(e.project.client.firstName, e.project.client.lastName)} (${organization})`
      : organization,
  };
}

export type SendResult = { sent: true; messageId: string } | { sent: false; warning: string; flags: OffPlatformFlag[] };

/**
 * Sends one message in the caller's thread. A message that looks like it shares an e-mail
 * address, a phone number or a payment off the platform comes back with the warning unless the
 * sender confirmed it; confirmed, it is sent and flagged for the admins.
 */
export async function sendMessage(
  actor: Actor | null,
  engagementId: string,
  body: string,
  opts: { confirmed?: boolean; now?: Date } = {},
): Promise<SendResult> {
  requirePermission(actor, "manage:account:own");
  const now = opts.now ?? new Date();
  const flags = offPlatformFlags(body);
  if (flags.length && !opts.confirmed) {
    await threadOf(db(), actor, engagementId, "write");
    return { sent: false, warning: offPlatformWarning(flags), flags };
  }
  await consumeRateLimits([{ rule: MESSAGES_PER_ACCOUNT, key: actor.userId }]);
  return db().$transaction(async (tx) => ({ sent: true as const, messageId: await post(tx, actor, engagementId, body, flags, now) }));
}

async function post(tx: Tx, actor: Actor, engagementId: string, body: string, flags: OffPlatformFlag[], now: Date) {
  const { e, side } = await threadOf(tx, actor, engagementId, "write");
  if ((CLOSED_STATES as readonly string[]).includes(e.state))
    throw new AppError("CONFLICT", "This engagement ended before it began, so it has no conversation.");
  const message = await tx.engagementMessage.create({
    data: { engagementId: e.id, senderUserId: actor.userId, senderSide: side, body, flags, createdAt: now },
    select: { id: true },
  });
  await markRead(tx, e.id, actor.userId, now);
  const to: Side = side === "expert" ? "client" : "expert";
  const recipient = to === "expert" ? e.expert.userId : e.clientUserId;
  const names = namesOf(e);
  const href = messageThreadPath(to, e);
  // One unread notice per thread: a burst of messages updates it rather than filling the menu.
  const unread = await tx.notification.findFirst({
    where: { userId: recipient, engagementId: e.id, kind: "message", readAt: null },
    select: { id: true },
  });
  const title = `New message: ${e.project.title}`;
  const preview = `${names[side]}: ${body.length > 140 ? `${body.slice(0, 139)}…` : body}`;
  if (unread) await tx.notification.update({ where: { id: unread.id }, data: { title, body: preview, createdAt: now } });
  else await createNotification(tx, { userId: recipient, kind: "message", title, body: preview, href, engagementId: e.id });
  await enqueueJob(
    "message-mail",
    { engagementId: e.id, to },
    { runAt: new Date(now.getTime() + MESSAGE_MAIL_DELAY_MINUTES * 60_000), jobKey: `message-mail:${e.id}:${to}`, maxAttempts: 10 },
    tx,
  );
  return message.id;
}

/**
 * The client writes to several of one project's experts at once: each gets their own copy in
 * their own thread, so no expert sees who else was written to.
 */
export async function sendToExperts(
  actor: Actor | null,
  projectId: string,
  engagementIds: string[],
  body: string,
  opts: { confirmed?: boolean; now?: Date } = {},
): Promise<{ sent: true; count: number } | { sent: false; warning: string; flags: OffPlatformFlag[] }> {
  requirePermission(actor, "manage:project:org");
  const now = opts.now ?? new Date();
  const ids = [...new Set(engagementIds)];
  const mine = await db().engagement.findMany({
    where: { id: { in: ids }, projectId, ...orgScope(actor, "manage:project:org"), state: { notIn: [...CLOSED_STATES] } },
    select: { id: true },
  });
  if (mine.length !== ids.length) throw new AppError("NOT_FOUND", "Some of these experts are not in this project's conversations.");
  const flags = offPlatformFlags(body);
  if (flags.length && !opts.confirmed) return { sent: false, warning: offPlatformWarning(flags), flags };
  await consumeRateLimits([{ rule: MESSAGES_PER_ACCOUNT, key: actor.userId }]);
  await db().$transaction(async (tx) => {
    for (const { id } of mine) await post(tx, actor, id, body, flags, now);
  });
  return { sent: true, count: mine.length };
}

const markRead = (tx: Tx | ReturnType<typeof db>, engagementId: string, userId: string, at: Date) =>
  tx.messageRead.upsert({
    where: { engagementId_userId: { engagementId, userId } },
    create: { engagementId, userId, lastReadAt: at },
    update: { lastReadAt: at },
  });

export type MessageView = { id: string; mine: boolean; senderName: string; body: string; at: Date; flagged: boolean };
export type ThreadView = {
  engagementId: string;
  projectTitle: string;
  otherName: string;
  messages: MessageView[];
  open: boolean;
  /** Whether the reader may write here: the expert, or a member whose role runs projects (a viewer only reads). */
  mayWrite: boolean;
};

/** The actor's thread, oldest first; reading it marks it read (and its message notice). */
export async function readThread(actor: Actor | null, engagementId: string, now: Date = new Date()): Promise<ThreadView> {
  requirePermission(actor, "manage:account:own");
  const { e, side } = await threadOf(db(), actor, engagementId);
  const rows = await db().engagementMessage.findMany({
    where: { engagementId: e.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, senderSide: true, body: true, createdAt: true, flags: true },
    take: 500,
  });
  // The person who reads, not an admin viewing as them, marks a thread read.
  if (!actor.impersonating)
    await db().$transaction([
      markRead(db(), e.id, actor.userId, now),
      db().notification.updateMany({
        where: { userId: actor.userId, engagementId: e.id, kind: "message", readAt: null },
        data: { readAt: now },
      }),
    ]);
  const names = namesOf(e);
  return {
    engagementId: e.id,
    projectTitle: e.project.title,
    otherName: names[side === "expert" ? "client" : "expert"],
    open: !(CLOSED_STATES as readonly string[]).includes(e.state),
    mayWrite: side === "expert" || isOrganizationMember(actor, e.organizationId, "manage:project:org"),
    messages: rows.map((m) => ({
      id: m.id,
      mine: m.senderSide === side,
      senderName: names[m.senderSide as Side],
      body: m.body,
      at: m.createdAt,
      flagged: m.flags.length > 0,
    })),
  };
}

/**
 * Unread messages per engagement for the reader (messages from the other side after their last
 * read), in the engagements named or in all of one project's: one statement either way.
 */
export async function unreadCounts(userId: string, within: string[] | { projectId: string }): Promise<Map<string, number>> {
  if (Array.isArray(within) && within.length === 0) return new Map();
  const scope = Array.isArray(within)
    ? Prisma.sql`m.engagement_id = ANY(${within}::uuid[])`
    : Prisma.sql`m.engagement_id IN (SELECT id FROM engagements WHERE project_id = ${within.projectId}::uuid)`;
  const rows = await db().$queryRaw<{ engagement_id: string; n: number }[]>`
    SELECT m.engagement_id, count(*)::int AS n
    FROM engagement_messages m
    LEFT JOIN message_reads r ON r.engagement_id = m.engagement_id AND r.user_id = ${userId}::uuid
    WHERE ${scope}
      AND m.sender_user_id <> ${userId}::uuid
      AND (r.last_read_at IS NULL OR m.created_at > r.last_read_at)
    GROUP BY m.engagement_id`;
  return new Map(rows.map((r) => [r.engagement_id, r.n]));
}

/** One side reports a message from the other side to the admins, once. */
export async function reportMessage(actor: Actor | null, messageId: string, reason: string) {
  requirePermission(actor, "manage:account:own");
  const m = await db().engagementMessage.findUnique({
    where: { id: messageId },
    select: { id: true, engagementId: true, senderUserId: true },
  });
  if (!m) throw new AppError("NOT_FOUND", "Message not found");
  await threadOf(db(), actor, m.engagementId).catch(() => {
    throw new AppError("NOT_FOUND", "Message not found");
  });
  if (m.senderUserId === actor.userId) throw new AppError("BAD_REQUEST", "You cannot report your own message.");
  const existing = await db().messageReport.findUnique({
    where: { messageId_reporterUserId: { messageId, reporterUserId: actor.userId } },
  });
  if (existing) return { reported: false };
  await db().messageReport.create({ data: { messageId, reporterUserId: actor.userId, reason } });
  return { reported: true };
}

/**
 * The batched e-mail: every message the recipient has not read yet, in one mail, with a link to
 * the thread. Nothing unread (they read it in the app meanwhile), nothing sent.
 */
export async function sendMessageMail({ engagementId, to }: { engagementId: string; to: Side }): Promise<boolean> {
  const e = await db().engagement.findUnique({
    where: { id: engagementId },
    select: {
      ...threadSelect,
      expert: { select: { userId: true, timeZone: true, user: { select: { firstName: true, lastName: true, email: true } } } },
      project: {
        select: {
          title: true,
          ...organizationNameSelect,
          client: { select: { firstName: true, lastName: true, email: true, clientProfile: { select: { timeZone: true } } } },
        },
      },
    },
  });
  if (!e) return false;
  const recipient =
    to === "expert"
      ? { id: e.expert.userId, firstName: e.expert.user.firstName, email: e.expert.user.email, zone: e.expert.timeZone }
      : {
          id: e.clientUserId,
          firstName: e.project.client.firstName,
          email: e.project.client.email,
          zone: clientZoneFrom(e.project.client.clientProfile),
        };
  const read = await db().messageRead.findUnique({ where: { engagementId_userId: { engagementId, userId: recipient.id } } });
  const unread = await db().engagementMessage.findMany({
    where: { engagementId, senderSide: { not: to }, ...(read ? { createdAt: { gt: read.lastReadAt } } : {}) },
    orderBy: { createdAt: "asc" },
    select: { senderSide: true, body: true, createdAt: true },
    take: 50,
  });
  if (unread.length === 0) return false;
  const names = namesOf(e);
  const mail = unreadMessagesMail({
    firstName: recipient.firstName,
    projectTitle: e.project.title,
    messages: unread.map((m) => ({
      who: `${names[m.senderSide as Side]}, ${formatDateTime(m.createdAt, recipient.zone, { weekday: true })}`,
      body: m.body,
    })),
    link: `${env().APP_URL}${messageThreadPath(to, e)}`,
  });
  await queueMail({ to: recipient.email, ...mail });
  return true;
}

// ───────────────────────────── admins ─────────────────────────────

/** Reports and flagged messages each show this many a page: each item is a message's whole text. */
export const MODERATION_PAGE_SIZE = 25;

export type ReportedMessage = {
  reportId: string;
  engagementId: string;
  projectTitle: string;
  reporterName: string;
  reason: string;
  body: string;
  reportedAt: Date;
};

/** Reports waiting for an admin, newest first, a page at a time (the message text only, not the thread). */
export async function listReportedMessages(actor: Actor | null, page: PageRequest = {}): Promise<Page<ReportedMessage>> {
  requirePermission(actor, "moderate:message:any");
  const found = await newestFirstPage(
    page,
    (keyset) =>
      db().messageReport.findMany({
        where: keyset.where,
        orderBy: keyset.orderBy,
        take: keyset.take,
        select: {
          id: true,
          reason: true,
          createdAt: true,
          reporter: { select: { firstName: true, lastName: true } },
          message: { select: { body: true, engagementId: true, engagement: { select: { project: { select: { title: true } } } } } },
        },
      }),
    MODERATION_PAGE_SIZE,
  );
  return {
    ...found,
    rows: found.rows.map((r) => ({
      reportId: r.id,
      engagementId: r.message.engagementId,
      projectTitle: r.message.engagement.project.title,
      reporterName: fullName(r.reporter.firstName, r.reporter.lastName),
      reason: r.reason,
      body: r.message.body,
      reportedAt: r.createdAt,
    })),
  };
}

export type FlaggedMessage = {
  messageId: string;
  engagementId: string;
  projectTitle: string;
  senderName: string;
  flags: string[];
  body: string;
  sentAt: Date;
};

/**
 * Messages sent after the off-platform warning, newest first, a page at a time. A partial index
 * holds only the flagged messages, so a page is read from it however many messages there are.
 */
export async function listFlaggedMessages(actor: Actor | null, page: PageRequest = {}): Promise<Page<FlaggedMessage>> {
  requirePermission(actor, "moderate:message:any");
  const found = await newestFirstPage(
    page,
    (keyset) =>
      db().engagementMessage.findMany({
        where: { AND: [{ flags: { isEmpty: false } }, keyset.where] },
        orderBy: keyset.orderBy,
        take: keyset.take,
        select: {
          id: true,
          engagementId: true,
          flags: true,
          body: true,
          createdAt: true,
          sender: { select: { firstName: true, lastName: true } },
          engagement: { select: { project: { select: { title: true } } } },
        },
      }),
    MODERATION_PAGE_SIZE,
  );
  return {
    ...found,
    rows: found.rows.map((m) => ({
      messageId: m.id,
      engagementId: m.engagementId,
      projectTitle: m.engagement.project.title,
      senderName: fullName(m.sender.firstName, m.sender.lastName),
      flags: m.flags,
      body: m.body,
      sentAt: m.createdAt,
    })),
  };
}

/** An admin reads a thread that has a report or a flagged message; every reading is recorded first. */
export async function readThreadAsAdmin(actor: Actor | null, engagementId: string) {
  requirePermission(actor, "moderate:message:any");
  if (actor.impersonating) throw new AppError("FORBIDDEN", "Stop viewing as another user to read a reported conversation.");
  const reported = await db().engagementMessage.count({
    where: { engagementId, OR: [{ reports: { some: {} } }, { flags: { isEmpty: false } }] },
  });
  if (!reported) throw new AppError("NOT_FOUND", "No reported or flagged conversation has this id.");
  await db().messageThreadView.create({ data: { engagementId, adminUserId: actor.userId, reason: "reported or flagged message" } });
  const e = await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, select: threadSelect });
  const names = namesOf({ ...e, state: "accepted" });
  const rows = await db().engagementMessage.findMany({
    where: { engagementId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, senderSide: true, body: true, createdAt: true, flags: true, _count: { select: { reports: true } } },
    take: 500,
  });
  return {
    projectTitle: e.project.title,
    messages: rows.map((m) => ({
      id: m.id,
      senderName: names[m.senderSide as Side],
      side: m.senderSide,
      body: m.body,
      at: m.createdAt,
      flags: m.flags,
      reports: m._count.reports,
    })),
  };
}
