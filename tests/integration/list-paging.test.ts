// The lists paged by keyset on the admin's messages and districts pages, the expert's wallet and
// notifications menu and the client's pipeline: each walks its rows once across page boundaries
// (rows at the same instant included), comes back the same way, keeps its filter, and reads a
// hand-edited token as its first page (or, where a first page would be wrong, refuses it as bad
// input) rather than failing.
import { describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE } from "@/lib/accounts/cookies";
import { db } from "@/lib/platform/db";
import { edgeToken, type Page, type PageRequest } from "@/lib/platform/keyset";
import { listFlaggedMessages, listReportedMessages, MODERATION_PAGE_SIZE } from "@/lib/engagements/messages";
import { DISTRICT_IMPORTS_PAGE_SIZE, listDistrictImports } from "@/lib/districts/uploads";
import { EARNINGS_PAGE_SIZE, listEarnings } from "@/lib/money/earnings";
import { listPayoutsPage, PAYOUT_HISTORY_PAGE_SIZE } from "@/lib/money/wallet";
import { countUnread, listNotificationsPage, UNREAD_COUNTED_UP_TO } from "@/lib/notifications/notifications";
import { listNotificationsAction } from "@/lib/notifications/actions";
import { columnPagesOf, getProjectPipeline, PIPELINE_COLUMN_SIZE } from "@/lib/engagements/views";
import { actorFor, createAdmin, createExpert, sessionCookieFor } from "../factories";
import { acceptedPair, createStudy, engagementIn } from "../studies";

// The notifications action reads its caller from the session cookie (next/headers, outside a request here).
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
  headers: async () => new Headers(),
}));

const at = (minute: number) => new Date(Date.UTC(2026, 9, 1, 9, 0) + minute * 60_000);
/** `n` instants a minute apart, newest last, with three rows sharing the instant in the middle. */
const instantsWithTies = (n: number) => Array.from({ length: n }, (_, i) => at(i < n / 2 - 1 ? i : i > n / 2 + 1 ? i : Math.floor(n / 2)));

/** Every page of a list, forward from the first, then back again from the last; the ids of each. */
async function walk<T>(read: (page: PageRequest) => Promise<Page<T>>, idOf: (row: T) => string) {
  const forward: string[][] = [];
  let page = await read({});
  expect(page.before).toBeNull();
  forward.push(page.rows.map(idOf));
  while (page.after) {
    page = await read({ after: page.after });
    forward.push(page.rows.map(idOf));
  }
  const back: string[][] = [forward.at(-1)!];
  while (page.before) {
    page = await read({ before: page.before });
    back.unshift(page.rows.map(idOf));
  }
  return { forward, back };
}

const TAMPERED: PageRequest[] = [
  { after: "%%%" },
  { before: "'; DROP TABLE users; --" },
  { after: Buffer.from('{"createdAt":"soon","id":"x"}').toString("base64url") },
  { after: "A".repeat(5000) },
];

describe("admin: reported and flagged messages", () => {
  it("walk 25 a page, newest first, through reports made at the same instant, each list on its own", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const pair = await acceptedPair();
    const n = MODERATION_PAGE_SIZE + 6;
    const times = instantsWithTies(n);
    for (const [i, createdAt] of times.entries()) {
      const message = await db().engagementMessage.create({
        data: {
          engagementId: pair.engagementId,
          senderUserId: pair.expertUser.id,
          senderSide: "expert",
          body: `Message ${i}`,
          // Every third message is flagged: the flagged list holds only those.
          flags: i % 3 === 0 ? ["email"] : [],
          createdAt,
        },
      });
      await db().messageReport.create({
        data: { messageId: message.id, reporterUserId: pair.study.clientUser.id, reason: `Reason ${i}`, createdAt },
      });
    }
    const reports = await db().messageReport.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: { id: true } });
    const { forward, back } = await walk(
      (p) => listReportedMessages(admin, p),
      (r) => r.reportId,
    );
    expect(forward.map((p) => p.length)).toEqual([MODERATION_PAGE_SIZE, n - MODERATION_PAGE_SIZE]);
    expect(forward.flat()).toEqual(reports.map((r) => r.id));
    expect(back).toEqual(forward);

    const flaggedIds = (
      await db().engagementMessage.findMany({
        where: { flags: { isEmpty: false } },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        select: { id: true },
      })
    ).map((m) => m.id);
    expect(flaggedIds).toHaveLength(Math.ceil(n / 3));
    const flagged = await listFlaggedMessages(admin);
    expect(flagged.rows.map((m) => m.messageId)).toEqual(flaggedIds);
    expect(flagged.after).toBeNull();

    for (const page of TAMPERED) {
      expect((await listReportedMessages(admin, page)).rows.map((r) => r.reportId)).toEqual(forward[0]);
      expect((await listFlaggedMessages(admin, page)).rows.map((m) => m.messageId)).toEqual(flaggedIds);
    }
    // Another role is refused, whatever page it asks for.
    await expect(listReportedMessages(pair.study.client, { after: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listFlaggedMessages(pair.expertActor)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("the flagged list is read from its partial index, not by reading every message", async () => {
    const plan = await db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN SELECT id FROM engagement_messages WHERE flags <> '{}' ORDER BY created_at DESC, id ASC LIMIT 26`,
    );
    await db().$executeRawUnsafe("SET enable_seqscan = off");
    const forced = await db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN SELECT id FROM engagement_messages WHERE flags <> '{}' ORDER BY created_at DESC, id ASC LIMIT 26`,
    );
    await db().$executeRawUnsafe("RESET enable_seqscan");
    // On a small table the planner may prefer a scan; when scans are off it has the index to use.
    expect([...plan, ...forced].map((r) => r["QUERY PLAN"]).join("\n")).toContain("engagement_messages_flagged_idx");
  });
});

describe("admin: district imports", () => {
  it("walk 25 runs a page, newest first, and count the districts on file up to the bound", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const n = DISTRICT_IMPORTS_PAGE_SIZE * 2 + 3;
    for (const createdAt of instantsWithTies(n)) await db().districtImport.create({ data: { createdAt } });
    const ids = (await db().districtImport.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: { id: true } })).map(
      (r) => r.id,
    );
    const read = async (page: PageRequest) => {
      const r = await listDistrictImports(admin, page);
      return { rows: r.runs, after: r.after, before: r.before };
    };
    const { forward, back } = await walk(read, (r) => r.id);
    expect(forward.map((p) => p.length)).toEqual([DISTRICT_IMPORTS_PAGE_SIZE, DISTRICT_IMPORTS_PAGE_SIZE, 3]);
    expect(forward.flat()).toEqual(ids);
    expect(back).toEqual(forward);
    const first = await listDistrictImports(admin);
    expect(first.districts).toEqual({ total: await db().district.count(), exact: true });
    for (const page of TAMPERED) expect((await listDistrictImports(admin, page)).runs.map((r) => r.id)).toEqual(forward[0]);
  });
});

describe("the expert's wallet", () => {
  it("earnings and bonuses merge into one newest-first list, 25 a page, ties across the two tables by id", async () => {
    const pair = await acceptedPair();
    const { organizationId, projectId } = await db().engagement.findUniqueOrThrow({
      where: { id: pair.engagementId },
      select: { organizationId: true, projectId: true },
    });
    const base = {
      engagementId: pair.engagementId,
      expertUserId: pair.expertUser.id,
      clientUserId: pair.study.clientUser.id,
      organizationId,
      projectId,
      amountCents: 1000,
    };
    // One earning (an engagement earns once) and bonuses around it, three of them at its instant.
    const tie = at(20);
    await db().earning.create({ data: { ...base, earnedAt: tie, qcEndsAt: tie, state: "available" } });
    const n = EARNINGS_PAGE_SIZE + 12;
    for (let i = 0; i < n - 1; i++) {
      const createdAt = i < 3 ? tie : at(i);
      await db().bonus.create({
        data: { ...base, idempotencyKey: `paging-${i}`, createdAt, qcEndsAt: createdAt, state: i % 2 ? "available" : "pending_qc" },
      });
    }
    // A bonus not yet approved is not the expert's: it is in no page.
    await db().bonus.create({ data: { ...base, idempotencyKey: "paging-waiting", createdAt: at(5), state: "awaiting_approval" } });

    const expected = (
      await db().$queryRaw<{ id: string }[]>`
        SELECT id::text FROM (
          SELECT id, earned_at AS t FROM earnings WHERE expert_user_id = ${pair.expertUser.id}::uuid
          UNION ALL
          SELECT id, created_at FROM bonuses WHERE expert_user_id = ${pair.expertUser.id}::uuid AND state IN ('pending_qc', 'available')
        ) x ORDER BY t DESC, id ASC`
    ).map((r) => r.id);
    expect(expected).toHaveLength(n);
    const read = async (page: PageRequest) => {
      const s = await listEarnings(pair.expertActor, page);
      return { rows: s.items, after: s.after, before: s.before };
    };
    const { forward, back } = await walk(read, (e) => e.id);
    expect(forward.map((p) => p.length)).toEqual([EARNINGS_PAGE_SIZE, n - EARNINGS_PAGE_SIZE]);
    expect(forward.flat()).toEqual(expected);
    expect(back).toEqual(forward);
    // Small pages walk through the tie itself (earning and bonuses at one instant).
    const small = await walk(
      async (page) => {
        const s = await listEarnings(pair.expertActor, page, 2);
        return { rows: s.items, after: s.after, before: s.before };
      },
      (e) => e.id,
    );
    expect(small.forward.flat()).toEqual(expected);
    expect(small.back).toEqual(small.forward);

    for (const page of TAMPERED) expect((await listEarnings(pair.expertActor, page)).items.map((e) => e.id)).toEqual(forward[0]);
    // Another expert's page token shows them their own first page, never someone else's rows.
    const other = actorFor((await createExpert()).user, ["expert"]);
    expect((await listEarnings(other, { after: edgeToken({ createdAt: tie, id: expected[0] }) })).items).toEqual([]);
  });

  it("a one-page list totals its rows; a paged one leaves the total to the wallet", async () => {
    const pair = await acceptedPair();
    const e = await db().engagement.findUniqueOrThrow({
      where: { id: pair.engagementId },
      select: { organizationId: true, projectId: true },
    });
    await db().earning.create({
      data: {
        engagementId: pair.engagementId,
        expertUserId: pair.expertUser.id,
        clientUserId: pair.study.clientUser.id,
        organizationId: e.organizationId,
        projectId: e.projectId,
        amountCents: 2500,
        earnedAt: at(1),
        qcEndsAt: at(1),
      },
    });
    const statement = await listEarnings(pair.expertActor);
    expect(statement).toMatchObject({ totalCents: 2500, after: null, before: null });
  });

  it("the payout history walks 25 a page, the expert's own only", async () => {
    const { user } = await createExpert();
    const expert = actorFor(user, ["expert"]);
    const n = PAYOUT_HISTORY_PAGE_SIZE + 4;
    for (const createdAt of instantsWithTies(n)) await db().payout.create({ data: { userId: user.id, amountCents: 5000, createdAt } });
    const other = await createExpert();
    await db().payout.create({ data: { userId: other.user.id, amountCents: 100 } });
    const { forward, back } = await walk(
      (p) => listPayoutsPage(expert, p),
      (r) => r.id,
    );
    expect(forward.map((p) => p.length)).toEqual([PAYOUT_HISTORY_PAGE_SIZE, 4]);
    expect(back).toEqual(forward);
    expect(new Set(forward.flat()).size).toBe(n);
    for (const page of TAMPERED) expect((await listPayoutsPage(expert, page)).rows.map((r) => r.id)).toEqual(forward[0]);
  });
});

describe("the notifications menu", () => {
  it("shows older notices a page at a time; a token it did not give is bad input, not a first page again", async () => {
    const { user } = await createExpert();
    const me = actorFor(user, ["expert"]);
    const n = 20 * 2 + 5;
    for (const [i, createdAt] of instantsWithTies(n).entries())
      await db().notification.create({
        data: { userId: user.id, kind: "test", title: `Notice ${i}`, body: "", href: "/dashboard", createdAt },
      });
    const { forward, back } = await walk(
      (p) => listNotificationsPage(me, p, 20),
      (r) => r.id,
    );
    expect(forward.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(back).toEqual(forward);
    expect(new Set(forward.flat()).size).toBe(n);

    jar.set(SESSION_COOKIE, (await sessionCookieFor(user, ["expert"])).token);
    const first = await listNotificationsAction({});
    expect(first).toMatchObject({ ok: true });
    if (!first.ok) return;
    expect(first.data.items.map((r) => r.id)).toEqual(forward[0]);
    const second = await listNotificationsAction({ after: first.data.after! });
    expect(second.ok && second.data.items.map((r) => r.id)).toEqual(forward[1]);
    for (const after of ["%%%", "A".repeat(5000), Buffer.from('{"createdAt":"soon","id":"x"}').toString("base64url"), "bm90LWpzb24"])
      expect(JSON.stringify(await listNotificationsAction({ after }))).toContain("That page of notifications does not exist.");
  });

  it("counts unread notices up to the badge's bound", async () => {
    const { user } = await createExpert();
    await db().notification.createMany({
      data: Array.from({ length: UNREAD_COUNTED_UP_TO + 5 }, (_, i) => ({
        userId: user.id,
        kind: "test",
        title: `${i}`,
        body: "",
        href: "/",
      })),
    });
    expect(await countUnread(actorFor(user, ["expert"]))).toBe(UNREAD_COUNTED_UP_TO);
  });
});

describe("the client's pipeline", () => {
  it("a column past fifty cards pages on its own, with its whole count; the other columns stay on their page", async () => {
    const study = await createStudy({ quota: 200 });
    const n = PIPELINE_COLUMN_SIZE + 7;
    const applied: string[] = [];
    for (const [i, createdAt] of instantsWithTies(n).entries()) {
      const { expert } = await createExpert();
      const e = await engagementIn("applied", study, expert.id);
      await db().engagement.update({ where: { id: e.id }, data: { createdAt } });
      applied.push(e.id);
      if (i < 3) {
        const other = await createExpert();
        await engagementIn("accepted", study, other.expert.id);
      }
    }
    const expected = (
      await db().engagement.findMany({
        where: { projectId: study.project.id, state: "applied" },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true },
      })
    ).map((r) => r.id);
    const column = (p: Awaited<ReturnType<typeof getProjectPipeline>>, state: string) => p.columns.find((c) => c.state === state)!;
    const first = await getProjectPipeline(study.client, study.project.id);
    expect(column(first, "applied")).toMatchObject({ total: n, before: null });
    expect(column(first, "applied").engagements.map((e) => e.id)).toEqual(expected.slice(0, PIPELINE_COLUMN_SIZE));
    expect(column(first, "accepted")).toMatchObject({ total: 3, after: null, before: null });
    expect(first.filled).toBe(3);

    const address = { appliedAfter: column(first, "applied").after!, acceptedAfter: "garbled" };
    const second = await getProjectPipeline(study.client, study.project.id, columnPagesOf(address));
    expect(column(second, "applied").engagements.map((e) => e.id)).toEqual(expected.slice(PIPELINE_COLUMN_SIZE));
    expect(column(second, "applied")).toMatchObject({ total: n, after: null });
    // A garbled token of another column shows that column's first page.
    expect(column(second, "accepted").engagements).toHaveLength(3);
    const back = await getProjectPipeline(
      study.client,
      study.project.id,
      columnPagesOf({ appliedBefore: column(second, "applied").before! }),
    );
    expect(column(back, "applied").engagements.map((e) => e.id)).toEqual(expected.slice(0, PIPELINE_COLUMN_SIZE));
    expect(applied.sort()).toEqual([...expected].sort());
  });
});
