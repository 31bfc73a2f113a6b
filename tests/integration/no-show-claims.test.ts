// A client no-show is decided by the client's record or by an admin: the expert's report against
// a real PostgreSQL, with its abuse cases (twice, too early, too late, by the other side, by
// someone else's expert or organization, after the client's record already paid it) and the
// admin's decision booking the fee once, balanced.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { isAppError } from "@/lib/platform/errors";
import { completeSession, markNoShow } from "@/lib/engagements/transitions";
import { listOpenNoShowClaims, reportClientNoShow, resolveNoShowClaim } from "@/lib/engagements/no-show-claims";
import { ledgerDrift } from "@/lib/money/ledger";
import { clientNoShowFeeCents, NO_SHOW_CLAIM_DAYS } from "@/lib/money/policy";
import { actorFor, createAdmin } from "../factories";
import { scheduledPair } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const HOUR = 3_600_000;
const at = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR);
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "done",
    (e) => (isAppError(e) ? e.code : Promise.reject(e)),
  );
const earningsOf = (engagementId: string) =>
  db().earning.findMany({ where: { engagementId }, select: { kind: true, amountCents: true, state: true } });
const admin = async () => actorFor(await createAdmin(), ["admin"]);
const claimOf = async (engagementId: string) => (await db().noShowClaim.findUniqueOrThrow({ where: { engagementId } })).id;

describe("an expert's report that the client missed the session", () => {
  it("is refused to the client, another expert, another organization, before the start and after the report window", async () => {
    const pair = await scheduledPair(2);
    const other = await scheduledPair(2);
    const during = at(pair.startsAt, 0.5);
    expect(await codeOf(reportClientNoShow(pair.expertActor, pair.engagementId, "Nobody joined", at(pair.startsAt, -0.5)))).toBe(
      "CONFLICT",
    );
    expect(await codeOf(reportClientNoShow(pair.study.client, pair.engagementId, "I was not there", during))).toBe("FORBIDDEN");
    expect(await codeOf(reportClientNoShow(other.expertActor, pair.engagementId, "Nobody joined", during))).toBe("NOT_FOUND");
    expect(await codeOf(reportClientNoShow(other.study.client, pair.engagementId, "Nobody joined", during))).toBe("NOT_FOUND");
    const tooLate = at(pair.startsAt, NO_SHOW_CLAIM_DAYS * 24 + 1);
    await expect(reportClientNoShow(pair.expertActor, pair.engagementId, "Nobody joined", tooLate)).rejects.toMatchObject({
      message: `A missed session can be reported for ${NO_SHOW_CLAIM_DAYS} days after it starts; that time has passed.`,
    });
    expect(await db().noShowClaim.count({ where: { engagementId: pair.engagementId } })).toBe(0);
  });

  it("after the client marked the session completed there is nothing to report: the session is paid", async () => {
    const pair = await scheduledPair(2);
    await completeSession(pair.study.client, pair.engagementId, at(pair.startsAt, 1));
    await expect(reportClientNoShow(pair.expertActor, pair.engagementId, "They left early", at(pair.startsAt, 2))).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The client recorded that you attended, so this session is paid as completed.",
    });
  });

  it("contests the client's no-show mark: the admin decides, once, and an upheld report books the fee without the client's say", async () => {
    const pair = await scheduledPair(2);
    await markNoShow(pair.study.client, pair.engagementId, "Did not join", at(pair.startsAt, 0.5));
    expect(await reportClientNoShow(pair.expertActor, pair.engagementId, "I waited 30 minutes in the room", at(pair.startsAt, 1))).toEqual({
      changed: true,
    });
    expect(await reportClientNoShow(pair.expertActor, pair.engagementId, "Twice", at(pair.startsAt, 1))).toEqual({ changed: false });
    const desk = await admin();
    const open = await listOpenNoShowClaims(desk);
    expect(open.find((c) => c.engagementId === pair.engagementId)).toMatchObject({
      reason: "I waited 30 minutes in the room",
      clientRecord: "Expert marked a no-show",
    });
    expect(await codeOf(listOpenNoShowClaims(pair.study.client))).toBe("FORBIDDEN");
    expect(await codeOf(resolveNoShowClaim(pair.expertActor, await claimOf(pair.engagementId), { for: "expert", note: "Me" }))).toBe(
      "FORBIDDEN",
    );
    await resolveNoShowClaim(desk, await claimOf(pair.engagementId), { for: "expert", note: "The meeting log shows the expert alone" });
    expect(await earningsOf(pair.engagementId)).toEqual([
      { kind: "client_no_show_fee", amountCents: clientNoShowFeeCents(15_000), state: "available" },
    ]);
    expect(await codeOf(resolveNoShowClaim(desk, await claimOf(pair.engagementId), { for: "expert", note: "Again" }))).toBe("CONFLICT");
    expect(await db().ledgerTransaction.count({ where: { engagementId: pair.engagementId, kind: "client_no_show_fee" } })).toBe(1);
    expect(await ledgerDrift()).toEqual([]);
  });

  it("dismissed, it books nothing; the client's record then decides (here: the session completed)", async () => {
    const pair = await scheduledPair(2);
    await reportClientNoShow(pair.expertActor, pair.engagementId, "Nobody joined", at(pair.startsAt, 0.5));
    await resolveNoShowClaim(await admin(), await claimOf(pair.engagementId), {
      for: "client",
      note: "The client's recording shows the session",
    });
    expect(await earningsOf(pair.engagementId)).toEqual([]);
    expect((await db().engagement.findUniqueOrThrow({ where: { id: pair.engagementId } })).state).toBe("scheduled");
    await completeSession(pair.study.client, pair.engagementId, at(pair.startsAt, 2));
    expect(await earningsOf(pair.engagementId)).toMatchObject([{ kind: "session", amountCents: 15_000, state: "pending_qc" }]);
    expect(
      (await db().engagementEvent.findMany({ where: { engagementId: pair.engagementId }, orderBy: { createdAt: "asc" } })).map(
        (e) => e.kind,
      ),
    ).toEqual(expect.arrayContaining(["client_no_show_reported", "no_show_report_dismissed"]));
  });

  it("upheld after the client marked the session completed, the client's pay stands and nothing more is booked", async () => {
    const pair = await scheduledPair(2);
    await reportClientNoShow(pair.expertActor, pair.engagementId, "They left after 2 minutes", at(pair.startsAt, 0.5));
    await completeSession(pair.study.client, pair.engagementId, at(pair.startsAt, 1));
    await resolveNoShowClaim(await admin(), await claimOf(pair.engagementId), { for: "expert", note: "Paid as completed" });
    expect(await earningsOf(pair.engagementId)).toEqual([{ kind: "session", amountCents: 15_000, state: "pending_qc" }]);
    expect(await ledgerDrift()).toEqual([]);
  });
});
