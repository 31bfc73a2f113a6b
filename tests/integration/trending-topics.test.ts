import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createExpert } from "@/tests/factories";
import { createStudy, engagementIn, type StudyOptions } from "@/tests/studies";
import { listTrendingTopics } from "@/lib/experts/dashboard/trending-topics";
import { TRENDING_WINDOW_DAYS } from "@/lib/accounts/constants";

const asExpert = (user: { id: string; email: string }) => actorFor(user, ["expert"]);

/** A client's project with this brief (the builder's own description replaced). */
async function studyAbout(title: string, description: string, opts: StudyOptions = {}) {
  const study = await createStudy({ title, ...opts });
  await db().project.update({ where: { id: study.project.id }, data: { description } });
  return study;
}

const topics = async (user: { id: string; email: string }) =>
  Object.fromEntries((await listTrendingTopics(asExpert(user))).map((t) => [t.topic, t.projectCount]));

beforeEach(async () => {
  await db().project.deleteMany();
});

describe("trending research topics", () => {
  it("is empty when there is no recent project to read", async () => {
    const { user } = await createExpert();
    expect(await listTrendingTopics(asExpert(user))).toEqual([]);
  });

  it("counts each topic once per project, merges word forms, drops stop words and ranks by demand", async () => {
    const { user } = await createExpert();
    await studyAbout("Literacy assessment interview", "How your teachers use the new assessments in early literacy.");
    await studyAbout("Assessment calendar survey", "We want your opinion on the timing of interim assessments.");
    await studyAbout("Literacy coaching study", "A study about literacy coaches and their assessment practice.");
    await studyAbout("Transportation routes", "Bus routes in rural districts.");

    const list = await listTrendingTopics(asExpert(user));
    expect(list[0]).toEqual({ topic: "Assessment", projectCount: 3, demand: 100 });
    expect(list[1]).toEqual({ topic: "Literacy", projectCount: 2, demand: 67 });
    expect(list.length).toBeLessThanOrEqual(5);
    const words = list.map((t) => t.topic.toLowerCase());
    // English stop words (PostgreSQL's dictionary) and the words every brief uses never trend.
    for (const stop of ["the", "how", "your", "interview", "study", "survey", "want", "opinion", "new"]) expect(words).not.toContain(stop);
  });

  it("takes topics from what titles name, never the instructions a brief gives", async () => {
    const { user } = await createExpert();
    await studyAbout("Literacy coaching", "Choose a time that suits you, then pick the coaching tools your team uses.");
    await studyAbout("Literacy screeners", "Choose the screeners you know and select the ones you trust.");
    await studyAbout("Math tutoring", "Choose two tutoring programs and give us your view.");

    const seen = await topics(user);
    expect(seen).toMatchObject({ Literacy: 2, Coaching: 1, Screeners: 1, Tutoring: 1, Math: 1 });
    for (const instruction of ["Choose", "Pick", "Select", "Give", "Time", "Tools"]) expect(seen).not.toHaveProperty(instruction);
  });

  it("reads only projects the expert may see: open listings if verified, and their own engagements", async () => {
    const { user, expert } = await createExpert();
    const other = await createExpert();
    await studyAbout("Absenteeism", "Absenteeism.");
    const privateOther = await studyAbout("Cafeteria", "Cafeteria.", { visibility: "invite_only" });
    await engagementIn("invited", privateOther, other.expert.id);
    const privateMine = await studyAbout("Robotics", "Robotics.", { visibility: "invite_only" });
    await engagementIn("invited", privateMine, expert.id);
    const closed = await studyAbout("Bond", "Bond.");
    await db().project.update({ where: { id: closed.project.id }, data: { status: "closed" } });

    const seen = await topics(user);
    expect(seen).toEqual({ Absenteeism: 1, Robotics: 1 });
    expect(seen).not.toHaveProperty("Cafeteria");
    expect(seen).not.toHaveProperty("Bond");

    // Not verified: the Open tab lists nothing, so only their own engagement's project counts.
    await db().expert.update({ where: { id: expert.id }, data: { verificationStatus: "pending" } });
    expect(Object.keys(await topics(user))).not.toContain("Absenteeism");
    expect(await topics(user)).toMatchObject({ Robotics: 1 });
    // Another expert with no engagement never sees the invite-only brief.
    expect(await topics(other.user)).not.toHaveProperty("Robotics");
  });

  it(`forgets projects created more than ${TRENDING_WINDOW_DAYS} days ago`, async () => {
    const { user } = await createExpert();
    const old = await studyAbout("Phonics", "Phonics.");
    await studyAbout("Numeracy", "Numeracy.");
    await db().project.update({
      where: { id: old.project.id },
      data: { createdAt: new Date(Date.now() - (TRENDING_WINDOW_DAYS + 1) * 86_400_000) },
    });
    const seen = await topics(user);
    expect(seen).toHaveProperty("Numeracy", 1);
    expect(seen).not.toHaveProperty("Phonics");
  });
});
