// The invited expert learns who the client is only once they accept (ACQUAINTED_STATES): the
// board's card hides the client's name until then, and so does the engagement's history.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { fullName } from "@/lib/platform/format";
import { acceptEngagement, declineEngagement } from "@/lib/engagements/transitions";
import { getProjectPipeline, listOpportunityBoard } from "@/lib/engagements/views";
import { invitedPair } from "../studies";

const clientName = async (userId: string) => {
  const u = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true } });
  return fullName(u.firstName, u.lastName);
};

/** A name nobody else in the test has, so finding it anywhere in the expert's view is a leak. */
const nameTheClient = (userId: string) =>
  db().user.update({ where: { id: userId }, data: { firstName: "Dana", lastName: `Whitfield-${userId.slice(0, 8)}` } });

describe("who the expert's history names", () => {
  it("an invite's history reads 'client' with no name until the expert accepts, then names the client", async () => {
    const pair = await invitedPair();
    await nameTheClient(pair.study.clientUser.id);
    const name = await clientName(pair.study.clientUser.id);

    const before = (await listOpportunityBoard(pair.expertActor)).invited.find((i) => i.engagementId === pair.engagementId)!;
    expect(before.counterpart).toBeNull();
    expect(before.history).toMatchObject([{ kind: "invited", side: "client", actorName: null }]);
    expect(JSON.stringify(before)).not.toContain(name);

    await acceptEngagement(pair.expertActor, pair.engagementId, { outsideActivityConfirmed: true });
    const after = (await listOpportunityBoard(pair.expertActor)).invited.find((i) => i.engagementId === pair.engagementId)!;
    expect(after.counterpart?.name).toBe(name);
    expect(after.history.find((e) => e.kind === "invited")).toMatchObject({ side: "client", actorName: name });
    expect(after.history.find((e) => e.kind === "accept")).toMatchObject({
      side: "expert",
      actorName: await clientName(pair.expertUser.id),
    });
  });

  it("the client's pipeline still names both sides from the start", async () => {
    const pair = await invitedPair();
    const pipeline = await getProjectPipeline(pair.study.client, pair.study.project.id);
    const invited = pipeline.columns.find((c) => c.state === "invited")!.engagements[0];
    expect(invited.history[0]).toMatchObject({ side: "client", actorName: await clientName(pair.study.clientUser.id) });
    await declineEngagement(pair.expertActor, pair.engagementId, "Not this term");
    const declined = (await getProjectPipeline(pair.study.client, pair.study.project.id)).columns.find((c) => c.state === "declined")!
      .engagements[0];
    expect(declined.history.at(-1)).toMatchObject({ side: "expert", actorName: await clientName(pair.expertUser.id) });
  });
});
