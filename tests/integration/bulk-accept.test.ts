// Accepting several applicants at once is the single accept once per person: the money gate, the
// sample plan's cells and the organization's roles are checked for each; a refusal is reported
// for that person and undoes nothing for the others; nobody is accepted half-way.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { applyToOpportunity } from "@/lib/engagements/transitions";
import { acceptEngagements } from "@/lib/engagements/bulk-accept";
import { recordFundingPayment, requestFunds, setCreditLimit } from "@/lib/money/funding";
import { saveSamplePlan } from "@/lib/samples/plans";
import { actorFor, createAdmin, createClient, createExpert, organizationOf } from "../factories";
import { createStudy } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

type Study = Awaited<ReturnType<typeof createStudy>>;

async function applicants(study: Study, n: number, districtLeaid: string | null = null) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { user } = await createExpert({ districtLeaid });
    const r = await applyToOpportunity(actorFor(user, ["expert"]), {
      opportunityId: study.opportunity!.id,
      outsideActivityConfirmed: true,
      districtPolicyChecked: true,
    });
    ids.push(r.engagementId);
  }
  return ids;
}

/** What an engagement left behind: its state, its reservation and its accept events. */
async function traceOf(id: string) {
  const e = await db().engagement.findUniqueOrThrow({ where: { id }, select: { state: true } });
  const reservations = await db().reservation.count({ where: { engagementId: id } });
  const accepts = await db().engagementEvent.count({ where: { engagementId: id, kind: "accept" } });
  return { state: e.state, reservations, accepts };
}

describe("bulk accept", () => {
  it("beyond the organization's funds: the first two are accepted and reserved, the third is refused whole, with the gate's reason", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const study = await createStudy({ quota: 5 });
    await setCreditLimit(admin, study.project.organizationId, 0);
    // $300 covers two $150 incentives.
    await recordFundingPayment(admin, (await requestFunds(study.client, 30_000)).id, "ACH");
    const ids = await applicants(study, 3);

    const outcomes = await acceptEngagements(study.client, study.project.id, ids);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, false]);
    expect(outcomes[2].message).toBeTruthy();
    expect(outcomes[2].name).toBeTruthy();
    expect(await traceOf(ids[0])).toEqual({ state: "accepted", reservations: 1, accepts: 1 });
    expect(await traceOf(ids[1])).toEqual({ state: "accepted", reservations: 1, accepts: 1 });
    expect(await traceOf(ids[2])).toEqual({ state: "applied", reservations: 0, accepts: 0 });
    expect(await db().notification.count({ where: { engagementId: ids[2], kind: "accepted" } })).toBe(0);
  });

  it("beyond the sample plan's cell: the cell's last place goes to the first chosen, the next is refused", async () => {
    await db().district.create({
      data: {
        leaid: "3999001",
        name: "Sample city",
        state: "OH",
        localeGroup: "city",
        enrollment: 50_000,
        povertyQuartile: 2,
        status: "open",
        enrollmentBand: "under_1000",
      },
    });
    const study = await createStudy({ quota: 3 });
    await saveSamplePlan(study.client, study.project.id, {
      mode: "targets",
      dimensions: ["locale_group"],
      targets: { "locale_group=city": 1 },
    });
    const ids = await applicants(study, 2, "3999001");
    const outcomes = await acceptEngagements(study.client, study.project.id, ids);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false]);
    expect(outcomes[1].message).toMatch(/full|waitlist/i);
    expect(await traceOf(ids[1])).toMatchObject({ state: "applied", accepts: 0 });
  });

  it("the same person twice in one batch is accepted once and reported once", async () => {
    const study = await createStudy();
    const [id] = await applicants(study, 1);
    const outcomes = await acceptEngagements(study.client, study.project.id, [id, id]);
    expect(outcomes).toEqual([expect.objectContaining({ engagementId: id, ok: true })]);
    expect(await traceOf(id)).toEqual({ state: "accepted", reservations: 1, accepts: 1 });
    expect(await db().notification.count({ where: { engagementId: id, kind: "accepted" } })).toBe(1);
    // Asked again, nothing changes.
    expect(await acceptEngagements(study.client, study.project.id, [id])).toEqual([expect.objectContaining({ ok: true, already: true })]);
    expect(await traceOf(id)).toEqual({ state: "accepted", reservations: 1, accepts: 1 });
  });

  it("a viewer or finance member is refused for the whole batch; another organization does not find the project; another project's applicant is not taken", async () => {
    const study = await createStudy();
    const ids = await applicants(study, 2);
    const organizationId = await organizationOf(study.clientUser.id);
    const viewer = actorFor(await createClient({ role: "viewer", organizationId }), ["client"]);
    const finance = actorFor(await createClient({ role: "finance", organizationId }), ["client"]);
    const stranger = actorFor(await createClient(), ["client"]);
    await expect(acceptEngagements(viewer, study.project.id, ids)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(acceptEngagements(finance, study.project.id, ids)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(acceptEngagements(stranger, study.project.id, ids)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The stranger's own project named with this project's applicants: none of them is theirs.
    const theirs = await createStudy({}, await db().user.findUniqueOrThrow({ where: { id: stranger.userId } }));
    const outcomes = await acceptEngagements(stranger, theirs.project.id, ids);
    expect(outcomes.every((o) => !o.ok && o.name === null)).toBe(true);
    for (const id of ids) expect(await traceOf(id)).toEqual({ state: "applied", reservations: 0, accepts: 0 });
  });
});
