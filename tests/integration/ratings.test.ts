// Two-way ratings (lib/experts/ratings.ts) against a real PostgreSQL: only the engagement's own
// sides, only once and only when completed; hidden until both rated or 14 days after completion;
// the client's private note never in the expert's view; aggregates count visible ratings only;
// admins see low scores with the note.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { completeSession, inviteExpert } from "@/lib/engagements/transitions";
import {
  clientCardsForExpert,
  getClientSideRatings,
  getExpertRatingSummary,
  getExpertSideRatings,
  listCompletedSessions,
  listLowRatings,
  rateClient,
  rateExpert,
  ratingsOfProject,
} from "@/lib/experts/ratings";
import { rateClientSchema, rateExpertSchema } from "@/lib/experts/schemas/ratings";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";
import { createStudy, scheduledPair } from "../studies";

const HOUR = 3_600_000;
const DAY = 86_400_000;
const GOOD_EXPERT = { preparation: 5, insight: 4, communication: 5, privateNote: "Keep for the next wave" };
const GOOD_CLIENT = { clarity: 4, respectOfTime: 5, paymentSpeed: 3 };

/** A session taken through the real transitions and marked completed by the client. */
async function completedPair() {
  const pair = await scheduledPair(-2);
  const completedAt = new Date(pair.startsAt.getTime() + HOUR);
  await completeSession(pair.study.client, pair.engagementId, completedAt);
  return { ...pair, completedAt };
}

describe("rating", () => {
  it("each side rates the other once; a second submit is a 409; the other sides and outsiders are refused", async () => {
    const c = await completedPair();
    const stranger = actorFor(await createClient(), ["client"]);
    const otherExpert = actorFor((await createExpert()).user, ["expert"]);
    await expect(rateExpert(stranger, c.engagementId, GOOD_EXPERT)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(rateClient(otherExpert, c.engagementId, GOOD_CLIENT)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Each side only rates the other: the expert cannot rate the expert, the client cannot rate the client.
    await expect(rateExpert(c.expertActor, c.engagementId, GOOD_EXPERT)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(rateClient(c.study.client, c.engagementId, GOOD_CLIENT)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(rateExpert(null, c.engagementId, GOOD_EXPERT)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });

    const mine = await rateExpert(c.study.client, c.engagementId, GOOD_EXPERT);
    expect(mine.mine).toMatchObject({ preparation: 5, insight: 4, communication: 5, privateNote: "Keep for the next wave" });
    await expect(rateExpert(c.study.client, c.engagementId, { ...GOOD_EXPERT, preparation: 1 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("already rated"),
    });
    await rateClient(c.expertActor, c.engagementId, GOOD_CLIENT);
    await expect(rateClient(c.expertActor, c.engagementId, GOOD_CLIENT)).rejects.toMatchObject({ code: "CONFLICT" });
    // Two submits at once: exactly one is stored.
    const d = await completedPair();
    const results = await Promise.allSettled([
      rateClient(d.expertActor, d.engagementId, GOOD_CLIENT),
      rateClient(d.expertActor, d.engagementId, GOOD_CLIENT),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("only a completed session can be rated", async () => {
    const pair = await scheduledPair(5);
    await expect(rateExpert(pair.study.client, pair.engagementId, GOOD_EXPERT)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Only a completed session can be rated.",
    });
    await expect(rateClient(pair.expertActor, pair.engagementId, GOOD_CLIENT)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("scores are whole numbers from 1 to 5; the note is optional and trimmed", () => {
    const id = "7d1c2a4e-0000-4000-8000-00000000dead";
    expect(rateExpertSchema.safeParse({ engagementId: id, preparation: 0, insight: 3, communication: 3 }).success).toBe(false);
    expect(rateExpertSchema.safeParse({ engagementId: id, preparation: 6, insight: 3, communication: 3 }).success).toBe(false);
    expect(rateExpertSchema.safeParse({ engagementId: id, preparation: 2.5, insight: 3, communication: 3 }).success).toBe(false);
    expect(rateExpertSchema.safeParse({ engagementId: id, preparation: "5", insight: 3, communication: 3 }).success).toBe(false);
    expect(
      rateExpertSchema.parse({ engagementId: id, preparation: 1, insight: 5, communication: 3, privateNote: "  " }).privateNote,
    ).toBeNull();
    expect(rateClientSchema.safeParse({ engagementId: id, clarity: 5, respectOfTime: 5 }).success).toBe(false);
    expect(rateClientSchema.safeParse({ engagementId: "nope", clarity: 5, respectOfTime: 5, paymentSpeed: 5 }).success).toBe(false);
  });
});

describe("visibility", () => {
  it("hidden from the other side until both have rated; the private note never reaches the expert", async () => {
    const c = await completedPair();
    const now = new Date(c.completedAt.getTime() + DAY);
    await rateExpert(c.study.client, c.engagementId, GOOD_EXPERT);
    const expertBefore = await getExpertSideRatings(c.expertActor, c.engagementId, now);
    expect(expertBefore).toMatchObject({ mine: null, theirs: null, theirsHidden: true });
    await rateClient(c.expertActor, c.engagementId, GOOD_CLIENT);
    const expertAfter = await getExpertSideRatings(c.expertActor, c.engagementId, now);
    expect(expertAfter.theirs).toMatchObject({ preparation: 5, insight: 4, communication: 5 });
    expect(JSON.stringify(expertAfter)).not.toContain("Keep for the next wave");
    expect(expertAfter.theirs).not.toHaveProperty("privateNote");
    const clientView = await getClientSideRatings(c.study.client, c.engagementId, now);
    expect(clientView).toMatchObject({
      mine: { privateNote: "Keep for the next wave" },
      theirs: { clarity: 4, respectOfTime: 5, paymentSpeed: 3 },
      theirsHidden: false,
    });
    // The expert's dashboard list and the client's pipeline read the same rule.
    const list = await listCompletedSessions(c.expertActor, now);
    expect(list.find((s) => s.engagementId === c.engagementId)?.ratings.theirs).toMatchObject({ preparation: 5 });
    expect(JSON.stringify(list)).not.toContain("Keep for the next wave");
    expect((await ratingsOfProject(c.study.client, c.study.project.id, now)).get(c.engagementId)?.theirs).toMatchObject({ clarity: 4 });
  });

  it("one side alone shows 14 days after completion, not before", async () => {
    const c = await completedPair();
    await rateClient(c.expertActor, c.engagementId, { clarity: 2, respectOfTime: 2, paymentSpeed: 2 });
    const justBefore = new Date(c.completedAt.getTime() + 14 * DAY - 1);
    const at = new Date(c.completedAt.getTime() + 14 * DAY);
    expect(await getClientSideRatings(c.study.client, c.engagementId, justBefore)).toMatchObject({ theirs: null, theirsHidden: true });
    expect(await getClientSideRatings(c.study.client, c.engagementId, at)).toMatchObject({ theirs: { clarity: 2 }, theirsHidden: false });
  });

  it("outsiders cannot read an engagement's ratings", async () => {
    const c = await completedPair();
    const stranger = actorFor(await createClient(), ["client"]);
    await expect(getClientSideRatings(stranger, c.engagementId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getExpertSideRatings(actorFor((await createExpert()).user, ["expert"]), c.engagementId)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await ratingsOfProject(stranger, c.study.project.id)).size).toBe(0);
  });
});

describe("aggregates", () => {
  it("the expert's averages count visible ratings only, for clients and admins, never anonymously or for experts", async () => {
    const a = await completedPair();
    const stranger = actorFor(await createClient(), ["client"]);
    const admin = actorFor(await createAdmin(), ["admin"]);
    const now = new Date(a.completedAt.getTime() + DAY);
    await rateExpert(a.study.client, a.engagementId, { preparation: 4, insight: 4, communication: 2 });
    // Only the client has rated and the 14 days have not passed: nothing counts yet.
    expect(await getExpertRatingSummary(stranger, a.expert.id, now)).toEqual({ preparation: 0, insight: 0, communication: 0, count: 0 });
    await rateClient(a.expertActor, a.engagementId, GOOD_CLIENT);
    expect(await getExpertRatingSummary(stranger, a.expert.id, now)).toEqual({ preparation: 4, insight: 4, communication: 2, count: 1 });
    // 14 days on, a one-sided rating counts too.
    expect(await getExpertRatingSummary(admin, a.expert.id, new Date(now.getTime() + 14 * DAY))).toEqual({
      preparation: 4,
      insight: 4,
      communication: 2,
      count: 1,
    });
    await expect(getExpertRatingSummary(null, a.expert.id)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getExpertRatingSummary(a.expertActor, a.expert.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    // A hidden profile's averages: admins only.
    await db().expert.update({ where: { id: a.expert.id }, data: { isPublicProfile: false } });
    await expect(getExpertRatingSummary(stranger, a.expert.id, now)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getExpertRatingSummary(admin, a.expert.id, now)).count).toBe(1);
  });

  it("experts see a client card beside each invite: organization and the client's visible averages", async () => {
    const c = await completedPair();
    await rateClient(c.expertActor, c.engagementId, { clarity: 5, respectOfTime: 3, paymentSpeed: 4 });
    await rateExpert(c.study.client, c.engagementId, GOOD_EXPERT);
    // The same client invites another expert to a new project.
    const next = await createStudy({ title: "Second wave" }, c.study.clientUser);
    const { user, expert } = await createExpert();
    const invitee = actorFor(user, ["expert"]);
    const { engagementId } = await inviteExpert(next.client, { projectId: next.project.id, expertId: expert.id });
    const cards = await clientCardsForExpert(invitee);
    expect(cards[engagementId]).toMatchObject({ clarity: 5, respectOfTime: 3, paymentSpeed: 4, count: 1 });
    expect(typeof cards[engagementId].organization).toBe("string");
    await expect(clientCardsForExpert(c.study.client)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("admin", () => {
  it("lists low scores in both directions with the private note; others are refused", async () => {
    const c = await completedPair();
    const note = `Came unprepared ${c.engagementId}`;
    await rateExpert(c.study.client, c.engagementId, { preparation: 1, insight: 3, communication: 4, privateNote: note });
    await rateClient(c.expertActor, c.engagementId, { clarity: 5, respectOfTime: 2, paymentSpeed: 5 });
    const fine = await completedPair();
    await rateExpert(fine.study.client, fine.engagementId, { preparation: 3, insight: 3, communication: 3 });
    const admin = actorFor(await createAdmin(), ["admin"]);
    const low = await listLowRatings(admin);
    const mine = low.filter((r) => r.engagementId === c.engagementId);
    expect(mine.map((r) => r.direction).sort()).toEqual(["client_rated_expert", "expert_rated_client"]);
    expect(mine.find((r) => r.direction === "client_rated_expert")?.privateNote).toBe(note);
    expect(low.some((r) => r.engagementId === fine.engagementId)).toBe(false);
    await expect(listLowRatings(c.study.client)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listLowRatings(c.expertActor)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
