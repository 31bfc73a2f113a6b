// Fees follow the policy for the times both sides agreed, whatever order things happen in: random
// sequences of proposing, picking, proposing new times, accepting or keeping them, waiting,
// cancelling, completing, no-shows, the expert's report that the client missed the session and an
// admin's decision on it, and the 7-day rule, each against the real services and a
// real PostgreSQL with an injected clock, checked against a small model of the policy table.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/platform/db";
import {
  acceptSessionTime,
  cancelEngagement,
  completeOverdueSessions,
  completeSession,
  keepSessionTime,
  markNoShow,
  proposeTimes,
  rescheduleSession,
  scheduleEngagement,
} from "@/lib/engagements/transitions";
import { AUTO_COMPLETE_DAYS, clientNoShowFeeCents, lateCancelFeeCents, NO_SHOW_CLAIM_DAYS } from "@/lib/money/policy";
import { reportClientNoShow, resolveNoShowClaim } from "@/lib/engagements/no-show-claims";
import type { Actor } from "@/lib/accounts/actor";
import { LATE_CANCEL_HOURS } from "@/lib/money/policy";
import { ledgerDrift } from "@/lib/money/ledger";
import { acceptedPair } from "../studies";
import { actorFor, createAdmin } from "../factories";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const HOUR = 3_600_000;
const INCENTIVE = 15_000; // tests/studies.ts createStudy: $150 per session
const MINUTES = 45; // tests/studies.ts createStudy: 45-minute sessions

type Side = "expert" | "client";
type Op =
  | { op: "propose"; hours: number[] }
  | { op: "pick_proposal"; index: number }
  | { op: "pick_slot"; hours: number }
  | { op: "reschedule"; side: Side; hours: number }
  | { op: "accept_time"; side: Side }
  | { op: "keep_time"; side: Side }
  | { op: "cancel"; side: Side }
  | { op: "complete" }
  | { op: "no_show"; side: Side }
  | { op: "report" }
  | { op: "decide"; for: Side }
  | { op: "auto_complete" }
  | { op: "wait"; hours: number };

const side = fc.constantFrom<Side>("expert", "client");
const ahead = fc.integer({ min: 1, max: 48 });
/** Every sequence starts by scheduling (the client's proposal picked, or the expert's own slot), so most runs reach the fee rules. */
const opening: fc.Arbitrary<Op[]> = fc.oneof(
  fc.tuple(fc.array(ahead, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 2 })).map(([hours, index]): Op[] => [
    { op: "propose", hours },
    { op: "pick_proposal", index },
  ]),
  ahead.map((hours): Op[] => [{ op: "pick_slot", hours }]),
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ op: fc.constant("propose" as const), hours: fc.array(ahead, { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("pick_proposal" as const), index: fc.integer({ min: 0, max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("pick_slot" as const), hours: ahead }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("reschedule" as const), side, hours: ahead }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("accept_time" as const), side }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("keep_time" as const), side }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("cancel" as const), side }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("complete" as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("no_show" as const), side }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("report" as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("decide" as const), for: side }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("auto_complete" as const) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("wait" as const), hours: fc.integer({ min: 1, max: 30 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("wait" as const), hours: fc.integer({ min: 24, max: 24 * (AUTO_COMPLETE_DAYS + 2) }) }),
  },
);
const sequence = fc.tuple(opening, fc.array(opArb, { minLength: 1, maxLength: 8 })).map(([first, rest]) => [...first, ...rest]);

/** The policy table, written out on its own: who agreed which time, and what each ending costs. */
type Model = {
  phase: "accepted" | "scheduled" | "cancelled" | "completed" | "no_show";
  proposals: number[];
  startsAt: number | null;
  agreed: boolean;
  pending: { at: number; by: Side } | null;
  fee: { kind: string; cents: number } | null;
  /** The expert's report that the client missed the session: open until an admin decides. */
  report: "open" | "decided" | null;
};
const other = (s: Side): Side => (s === "expert" ? "client" : "expert");

/** What the model expects an operation to do: "error" (refused, nothing changes), or the next model. */
function step(m: Model, o: Op, now: number): Model | "error" {
  const started = m.startsAt !== null && now >= m.startsAt;
  switch (o.op) {
    case "propose":
      return m.phase === "accepted" ? { ...m, proposals: [...new Set(o.hours.map((h) => now + h * HOUR))] } : "error";
    case "pick_proposal": {
      if (m.phase === "scheduled") return m; // already scheduled: a double click
      const at = [...m.proposals].sort((a, b) => a - b)[o.index];
      if (m.phase !== "accepted" || at === undefined || at <= now) return "error";
      return { ...m, phase: "scheduled", proposals: [], startsAt: at, agreed: true };
    }
    case "pick_slot": {
      if (m.phase === "scheduled") return m;
      if (m.phase !== "accepted") return "error";
      const at = now + o.hours * HOUR;
      return { ...m, phase: "scheduled", proposals: [], startsAt: at, agreed: at - now >= LATE_CANCEL_HOURS * HOUR };
    }
    case "reschedule": {
      if (m.phase !== "scheduled" || started) return "error";
      const at = now + o.hours * HOUR;
      if (at === m.startsAt || (m.pending?.by === o.side && m.pending.at === at)) return m;
      if (m.pending?.by === other(o.side) && m.pending.at === at) return { ...m, startsAt: at, agreed: true, pending: null };
      return { ...m, pending: { at, by: o.side } };
    }
    case "accept_time": {
      if (m.phase !== "scheduled") return "error";
      const awaited = m.pending ? other(m.pending.by) : m.agreed ? null : "client";
      if (awaited === null) return m;
      if (awaited !== o.side) return "error";
      if (started) return "error";
      if (m.pending) return m.pending.at <= now ? "error" : { ...m, startsAt: m.pending.at, agreed: true, pending: null };
      return { ...m, agreed: true };
    }
    case "keep_time":
      if (m.phase !== "scheduled") return "error";
      return { ...m, pending: null };
    case "cancel": {
      // Asking again for the state it is already in changes nothing (a double click).
      if (m.phase === "cancelled") return m;
      if (m.phase === "accepted") return { ...m, phase: "cancelled" };
      if (m.phase !== "scheduled" || started) return "error";
      const late = o.side === "client" && m.agreed && m.startsAt! - now < LATE_CANCEL_HOURS * HOUR;
      return { ...m, phase: "cancelled", fee: late ? { kind: "late_cancel_fee", cents: lateCancelFeeCents(INCENTIVE) } : null };
    }
    case "complete":
      if (m.phase === "completed") return m;
      if (m.phase !== "scheduled" || !started) return "error";
      return { ...m, phase: "completed", fee: { kind: "session", cents: INCENTIVE } };
    case "no_show": {
      // Only the client records attendance: the expert's word alone is refused.
      if (o.side === "expert") return "error";
      if (m.phase === "no_show") return m;
      if (m.phase !== "scheduled" || !started) return "error";
      return { ...m, phase: "no_show" };
    }
    case "report": {
      if (m.report) return m;
      if (!started || (m.phase !== "scheduled" && m.phase !== "no_show") || !m.agreed) return "error";
      if (now - m.startsAt! > NO_SHOW_CLAIM_DAYS * 24 * HOUR) return "error";
      return { ...m, report: "open" };
    }
    case "decide": {
      if (m.report !== "open") return "error";
      if (o.for === "client") return { ...m, report: "decided" };
      // Upheld: the fee is booked unless the client's record already paid the session.
      return {
        ...m,
        report: "decided",
        phase: m.phase === "scheduled" ? "no_show" : m.phase,
        fee: m.fee ?? { kind: "client_no_show_fee", cents: clientNoShowFeeCents(INCENTIVE) },
      };
    }
    case "auto_complete": {
      const due =
        m.phase === "scheduled" &&
        m.agreed &&
        m.report !== "open" &&
        m.startsAt! + MINUTES * 60_000 <= now - AUTO_COMPLETE_DAYS * 24 * HOUR;
      return due ? { ...m, phase: "completed", fee: { kind: "session", cents: INCENTIVE } } : m;
    }
    case "wait":
      return m;
  }
}

/** The same operation through the services, at `now`. */
async function run(pair: Awaited<ReturnType<typeof acceptedPair>>, admin: Actor, o: Op, now: number) {
  const at = new Date(now);
  const actor = (s: Side) => (s === "expert" ? pair.expertActor : pair.study.client);
  const slotAt = async (start: number) => {
    const day = new Date(start).toISOString().slice(0, 10);
    const time = new Date(start).toISOString().slice(11, 16);
    const found = await db().availabilitySlot.findFirst({
      where: { expertId: pair.expert.id, date: new Date(`${day}T00:00:00Z`), startTime: time },
    });
    const end = new Date(start + HOUR).toISOString().slice(11, 16);
    return (
      found ??
      db().availabilitySlot.create({
        data: {
          expertId: pair.expert.id,
          date: new Date(`${day}T00:00:00Z`),
          startTime: time,
          endTime: end === "00:00" ? "23:59" : end,
          timezone: "UTC",
        },
      })
    );
  };
  switch (o.op) {
    case "propose":
      return proposeTimes(
        pair.study.client,
        pair.engagementId,
        [...new Set(o.hours)].map((h) => new Date(now + h * HOUR)),
        at,
      );
    case "pick_proposal": {
      const proposals = await db().timeProposal.findMany({ where: { engagementId: pair.engagementId }, orderBy: { startsAt: "asc" } });
      const p = proposals[o.index];
      // No such proposal: ask for one that does not exist, which the service refuses.
      return scheduleEngagement(pair.expertActor, pair.engagementId, { proposalId: p?.id ?? "00000000-0000-4000-8000-000000000000" }, at);
    }
    case "pick_slot":
      return scheduleEngagement(pair.expertActor, pair.engagementId, { slotId: (await slotAt(now + o.hours * HOUR)).id }, at);
    case "reschedule":
      return o.side === "client"
        ? rescheduleSession(pair.study.client, pair.engagementId, { startsAt: new Date(now + o.hours * HOUR) }, "A property test", at)
        : rescheduleSession(
            pair.expertActor,
            pair.engagementId,
            { slotId: (await slotAt(now + o.hours * HOUR)).id },
            "A property test",
            at,
          );
    case "accept_time":
      return acceptSessionTime(actor(o.side), pair.engagementId, at);
    case "keep_time":
      return keepSessionTime(actor(o.side), pair.engagementId);
    case "cancel":
      return cancelEngagement(actor(o.side), pair.engagementId, "A property test", at);
    case "complete":
      return completeSession(pair.study.client, pair.engagementId, at);
    case "no_show":
      return markNoShow(actor(o.side), pair.engagementId, null, at);
    case "report":
      return reportClientNoShow(pair.expertActor, pair.engagementId, "The client never joined", at);
    case "decide": {
      const claim = await db().noShowClaim.findUnique({ where: { engagementId: pair.engagementId } });
      return resolveNoShowClaim(admin, claim?.id ?? "00000000-0000-4000-8000-000000000000", { for: o.for, note: "A property test" }, at);
    }
    case "auto_complete":
      return completeOverdueSessions(at);
    case "wait":
      return null;
  }
}

describe("fees follow the policy for agreed times", () => {
  it("random sequences of scheduling moves book exactly the fee the policy table gives", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    await fc.assert(
      fc.asyncProperty(sequence, async (ops) => {
        const pair = await acceptedPair();
        // Whole hours from the next full hour, so slots (whole minutes) and proposals line up.
        let now = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
        let model: Model = { phase: "accepted", proposals: [], startsAt: null, agreed: false, pending: null, fee: null, report: null };
        for (const o of ops) {
          if (o.op === "wait") now += o.hours * HOUR;
          const next = step(model, o, now);
          const result = run(pair, admin, o, now);
          if (next === "error") await expect(result).rejects.toHaveProperty("code");
          else {
            await result;
            model = next;
          }
          const earnings = await db().earning.findMany({
            where: { engagementId: pair.engagementId },
            select: { kind: true, amountCents: true },
          });
          expect(earnings).toEqual(model.fee ? [{ kind: model.fee.kind, amountCents: model.fee.cents }] : []);
        }
        const session = await db().engagementSession.findUnique({ where: { engagementId: pair.engagementId } });
        if (model.phase === "scheduled") {
          expect(session?.startsAt.getTime()).toBe(model.startsAt);
          expect(session?.agreedAt !== null).toBe(model.agreed);
          expect(session?.proposedStartsAt?.getTime() ?? null).toBe(model.pending?.at ?? null);
        }
      }),
      { numRuns: 60 },
    );
    expect(await ledgerDrift()).toEqual([]);
  }, 120_000);
});
