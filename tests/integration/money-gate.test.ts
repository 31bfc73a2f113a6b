// The one money gate against a real PostgreSQL: bonuses, pay raises and earnings reserve through
// it and are refused beyond the budget, the funds and the credit; bonuses sit in Pending QC, wait
// for a billing member's approval above the organization's threshold and pay once per batch key;
// only billing roles set budgets; a member without project rights cannot invite a researcher;
// a disabled member's paused project stays paused for their colleagues.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import { ledgerDrift, organizationBalancesOf } from "@/lib/money/ledger";
import { bookEarning } from "@/lib/money/earnings";
import { getWallet } from "@/lib/money/wallet";
import { recordFundingPayment, requestFunds, setCreditLimit } from "@/lib/money/funding";
import { decideBonus, payBonuses, setBonusApprovalThreshold } from "@/lib/engagements/bonuses";
import { releaseDueEarnings } from "@/lib/engagements/earnings-review";
import { acceptEngagement, inviteExpert } from "@/lib/engagements/transitions";
import { setProjectBudget, setProjectStatus, updateProject } from "@/lib/projects/projects";
import { inviteMember } from "@/lib/organizations/invitations";
import { setAccountDisabled } from "@/lib/admin/users";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";
import { acceptedPair, createStudy, engagementIn } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** A study whose organization has `fundsCents` in funds and `creditCents` of credit, with `n` experts who took part. */
async function studyWith(opts: { fundsCents?: number; creditCents?: number; budgetCents?: number | null; n?: number } = {}) {
  const admin = actorFor(await createAdmin(), ["admin"]);
  const study = await createStudy({ quota: 20 });
  const organizationId = study.project.organizationId;
  await setCreditLimit(admin, organizationId, opts.creditCents ?? 0);
  if (opts.fundsCents) await recordFundingPayment(admin, (await requestFunds(study.client, opts.fundsCents)).id, "ACH");
  if (opts.budgetCents !== undefined) await setProjectBudget(study.client, { projectId: study.project.id, budgetCents: opts.budgetCents });
  const people = await Promise.all(Array.from({ length: opts.n ?? 1 }, () => createExpert()));
  const engagements = [];
  for (const p of people) engagements.push(await engagementIn("completed", study, p.expert.id));
  const researcherUser = await createClient({ role: "researcher", organizationId });
  const financeUser = await createClient({ role: "finance", organizationId });
  return {
    admin,
    study,
    organizationId,
    people,
    engagements,
    researcher: actorFor(researcherUser, ["client"]),
    finance: actorFor(financeUser, ["client"]),
    financeUser,
  };
}

const expertActor = (p: { user: { id: string; email: string } }) => actorFor(p.user, ["expert"]);

describe("bonuses pass the money gate", () => {
  it("an organization with $0 funds, $0 credit and a $1 budget cannot commit $13,000: the expert gets nothing", async () => {
    const { study, organizationId, people, engagements, researcher, finance } = await studyWith({ budgetCents: 100, n: 13 });
    const before = await organizationBalancesOf(organizationId);
    const items = engagements.map((e) => ({ engagementId: e.id, cents: 100_000 }));

    // The owner (who may approve) is refused at the gate, with what is left.
    const refused = await payBonuses(study.client, { batchKey: randomUUID(), items }).catch((e) => e);
    expect(refused).toMatchObject({ code: "CONFLICT" });
    expect(refused.message).toBe(
      "Nothing was paid: Line 1: This project's budget has $1.00 left, and this bonus is $1,000.00. Ask your finance team to raise the budget.",
    );
    // The researcher's lines wait for approval: nothing is booked; the approval is refused at the gate too.
    const waiting = await payBonuses(researcher, { batchKey: randomUUID(), items: items.slice(0, 3) });
    expect(waiting).toEqual({ paid: 0, totalCents: 0, replayed: 0, awaitingApproval: 3 });
    const pending = await db().bonus.findMany({ where: { organizationId } });
    expect(pending.map((b) => b.state)).toEqual(["awaiting_approval", "awaiting_approval", "awaiting_approval"]);
    await expect(decideBonus(finance, { bonusId: pending[0].id, decision: "approve" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("budget has $1.00 left"),
    });
    // A $1 bonus within the budget but beyond $0 funds and $0 credit: refused, saying what the organization has.
    await expect(
      payBonuses(study.client, { batchKey: randomUUID(), items: [{ engagementId: engagements[0].id, cents: 100 }] }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "Nothing was paid: Your organization has $0.00 available ($0.00 in funds, $0.00 of credit left), and this bonus is $1.00. Ask your finance team to add funds.",
    });

    for (const p of people) {
      const wallet = await getWallet(expertActor(p));
      expect(wallet.availableCents).toBe(0);
      expect(wallet.pendingCents).toBe(0);
    }
    expect(await organizationBalancesOf(organizationId)).toEqual(before);
    expect(await db().ledgerTransaction.count({ where: { kind: "bonus", engagementId: { in: engagements.map((e) => e.id) } } })).toBe(0);
    expect(await ledgerDrift()).toEqual([]);
  });

  it("a funded bonus sits in Pending QC, is on the engagement's history, and becomes Available when the review window closes", async () => {
    const { study, organizationId, people, engagements } = await studyWith({ fundsCents: 10_000 });
    const result = await payBonuses(study.client, {
      batchKey: randomUUID(),
      items: [{ engagementId: engagements[0].id, cents: 2_500 }],
      note: "Thanks",
    });
    expect(result).toEqual({ paid: 1, totalCents: 2_500, replayed: 0, awaitingApproval: 0 });
    const wallet = await getWallet(expertActor(people[0]));
    expect(wallet.availableCents).toBe(0);
    const bonus = await db().bonus.findFirstOrThrow({ where: { engagementId: engagements[0].id } });
    expect(bonus).toMatchObject({ state: "pending_qc", prepaidCents: 2_500 });
    // Paid from the funds at once: nothing left to bill, the funds down by the bonus.
    const balances = await organizationBalancesOf(organizationId);
    expect(balances.client_funds).toBe(7_500);
    expect(balances.client_receivable).toBe(0);
    expect(balances.client_reserved).toBe(0);
    const history = await db().engagementEvent.findMany({ where: { engagementId: engagements[0].id, kind: "bonus" } });
    expect(history.map((h) => h.reason)).toEqual(["$25.00 bonus: Thanks"]);

    // Late: a release run before the window closes moves nothing; after it, Available once.
    await releaseDueEarnings(new Date());
    expect((await getWallet(expertActor(people[0]))).availableCents).toBe(0);
    await releaseDueEarnings(inDays(10));
    await releaseDueEarnings(inDays(10));
    expect((await getWallet(expertActor(people[0]))).availableCents).toBe(2_500);
    expect(await ledgerDrift()).toEqual([]);
  });

  it("a second click with the same batch key pays once, even at the same moment", async () => {
    const { study, engagements, people } = await studyWith({ fundsCents: 10_000 });
    const batch = { batchKey: randomUUID(), items: [{ engagementId: engagements[0].id, cents: 1_000 }] };
    const [a, b] = await Promise.all([payBonuses(study.client, batch), payBonuses(study.client, batch)]);
    expect(a.paid + b.paid).toBe(1);
    expect(a.replayed + b.replayed).toBe(1);
    expect(await payBonuses(study.client, batch)).toMatchObject({ paid: 0, replayed: 1 });
    expect(await db().bonus.count({ where: { engagementId: engagements[0].id } })).toBe(1);
    await releaseDueEarnings(inDays(10));
    expect((await getWallet(expertActor(people[0]))).availableCents).toBe(1_000);
  });

  it("above the organization's threshold a bonus waits for a billing member; the decision is theirs alone and final", async () => {
    const { study, organizationId, engagements, researcher, finance, financeUser } = await studyWith({ fundsCents: 100_000, n: 2 });
    // Under the default $100 a person: paid at once. Splitting a larger bonus does not dodge it.
    expect(
      await payBonuses(researcher, { batchKey: randomUUID(), items: [{ engagementId: engagements[0].id, cents: 6_000 }] }),
    ).toMatchObject({ paid: 1 });
    expect(
      await payBonuses(researcher, { batchKey: randomUUID(), items: [{ engagementId: engagements[0].id, cents: 6_000 }] }),
    ).toMatchObject({ paid: 0, awaitingApproval: 1 });
    const waiting = await db().bonus.findFirstOrThrow({ where: { engagementId: engagements[0].id, state: "awaiting_approval" } });
    expect(await db().notification.count({ where: { userId: financeUser.id, kind: "bonus_approval" } })).toBe(1);
    const reservedBefore = await organizationBalancesOf(organizationId);

    // The other side: the researcher cannot approve; another organization's finance does not find it.
    await expect(decideBonus(researcher, { bonusId: waiting.id, decision: "approve" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const other = await studyWith();
    await expect(decideBonus(other.finance, { bonusId: waiting.id, decision: "approve" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await organizationBalancesOf(organizationId)).toEqual(reservedBefore);

    // Approved: booked through the gate into Pending QC; twice changes nothing; declining after is refused.
    expect(await decideBonus(finance, { bonusId: waiting.id, decision: "approve" })).toEqual({ state: "pending_qc", changed: true });
    expect(await decideBonus(finance, { bonusId: waiting.id, decision: "approve" })).toEqual({ state: "pending_qc", changed: false });
    await expect(decideBonus(finance, { bonusId: waiting.id, decision: "decline" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await organizationBalancesOf(organizationId)).client_funds).toBe(100_000 - 12_000);

    // Declined: nothing is ever booked, and approving after is refused.
    await payBonuses(researcher, { batchKey: randomUUID(), items: [{ engagementId: engagements[1].id, cents: 20_000 }] });
    const second = await db().bonus.findFirstOrThrow({ where: { engagementId: engagements[1].id } });
    expect(await decideBonus(finance, { bonusId: second.id, decision: "decline" })).toEqual({ state: "declined", changed: true });
    await expect(decideBonus(finance, { bonusId: second.id, decision: "approve" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await organizationBalancesOf(organizationId)).client_funds).toBe(100_000 - 12_000);

    // The organization sets its own threshold (billing roles only).
    await expect(setBonusApprovalThreshold(researcher, 50_000)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await setBonusApprovalThreshold(finance, 50_000);
    expect(
      await payBonuses(researcher, { batchKey: randomUUID(), items: [{ engagementId: engagements[1].id, cents: 30_000 }] }),
    ).toMatchObject({ paid: 1 });
    expect(await ledgerDrift()).toEqual([]);
    void study;
  });
});

describe("earnings are paid only from reserved money", () => {
  it("an earning with no reservation behind it is refused beyond the funds and credit, and booked once within them", async () => {
    const { study, organizationId, people, engagements } = await studyWith();
    const facts = {
      engagementId: engagements[0].id,
      clientUserId: study.clientUser.id,
      organizationId,
      projectId: study.project.id,
      expertUserId: people[0].user.id,
      incentiveCents: 15_000,
    };
    const book = () =>
      db().$transaction((tx) => bookEarning(tx, facts, { kind: "session", now: new Date(), actorUserId: study.clientUser.id }));
    await expect(book()).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db().earning.count({ where: { engagementId: engagements[0].id } })).toBe(0);
    expect((await organizationBalancesOf(organizationId)).client_receivable).toBe(0);

    await setCreditLimit(actorFor(await createAdmin(), ["admin"]), organizationId, 20_000);
    await book();
    await book();
    expect(await db().earning.count({ where: { engagementId: engagements[0].id } })).toBe(1);
    const b = await organizationBalancesOf(organizationId);
    expect(b.client_receivable).toBe(15_000);
    expect(b.client_reserved).toBe(0);
    expect(await ledgerDrift()).toEqual([]);
  });
});

describe("a pay raise after acceptance", () => {
  it("is reserved for the experts already in, or refused with the amount missing; a cut never reaches them", async () => {
    const pair = await acceptedPair();
    const { study } = pair;
    const organizationId = study.project.organizationId;
    const admin = actorFor(await createAdmin(), ["admin"]);
    await setCreditLimit(admin, organizationId, 20_000);
    const project = await db().project.findUniqueOrThrow({ where: { id: study.project.id } });
    const edit = (compensation: number) =>
      updateProject(study.client, {
        projectId: project.id,
        title: project.title,
        description: project.description,
        projectType: "interview",
        compensation,
        durationMinutes: 45,
        locationType: "video",
        deadline: project.deadline!.toISOString().slice(0, 10),
        quota: project.quota,
        timeZone: project.timeZone,
        visibility: "open",
        screener: null,
      });
    // $150 reserved of $200 credit: a raise to $250 needs $100 more, and only $50 is left.
    const refused = await edit(250).catch((e) => e);
    expect(refused).toMatchObject({ code: "CONFLICT" });
    expect(refused.message).toContain("The pay was not raised");
    expect(refused.message).toContain("$50.00 is missing.");
    expect((await db().engagement.findUniqueOrThrow({ where: { id: pair.engagementId } })).incentiveCents).toBe(15_000);
    expect((await db().project.findUniqueOrThrow({ where: { id: project.id } })).compensationCents).toBe(15_000);

    await edit(190);
    expect((await db().engagement.findUniqueOrThrow({ where: { id: pair.engagementId } })).incentiveCents).toBe(19_000);
    expect((await db().reservation.findUniqueOrThrow({ where: { engagementId: pair.engagementId } })).amountCents).toBe(19_000);
    expect((await organizationBalancesOf(organizationId)).client_reserved).toBe(19_000);
    // Again: nothing reserved twice. A cut: the expert keeps $190 and its reservation.
    await edit(190);
    await edit(100);
    expect((await db().engagement.findUniqueOrThrow({ where: { id: pair.engagementId } })).incentiveCents).toBe(19_000);
    expect((await organizationBalancesOf(organizationId)).client_reserved).toBe(19_000);
    expect(await ledgerDrift()).toEqual([]);
  });
});

describe("budgets and the roles that set them", () => {
  it("only billing roles set or change a budget; researchers are held to it", async () => {
    const { study, researcher, finance, organizationId } = await studyWith({ creditCents: 100_000 });
    const project = await db().project.findUniqueOrThrow({ where: { id: study.project.id } });
    const edit = (budget: number | null) =>
      updateProject(researcher, {
        projectId: project.id,
        title: project.title,
        description: project.description,
        projectType: "interview",
        compensation: 150,
        durationMinutes: 45,
        locationType: "video",
        deadline: project.deadline!.toISOString().slice(0, 10),
        quota: project.quota,
        timeZone: project.timeZone,
        visibility: "open",
        screener: null,
        budget,
      });
    await expect(edit(5_000)).rejects.toMatchObject({ code: "FORBIDDEN", fieldErrors: { budget: [expect.stringContaining("finance")] } });
    await expect(setProjectBudget(researcher, { projectId: project.id, budgetCents: 500_000 })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const other = await studyWith();
    await expect(setProjectBudget(other.finance, { projectId: project.id, budgetCents: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });

    await setProjectBudget(finance, { projectId: project.id, budgetCents: 10_000 });
    // The researcher's form sends the budget it shows: unchanged, it saves.
    await edit(100);
    const { expert } = await createExpert();
    const { engagementId } = await inviteExpert(researcher, { projectId: project.id, expertId: expert.id, message: "Join us" });
    const expertUser = await db().expert.findUniqueOrThrow({ where: { id: expert.id }, select: { user: true } });
    await expect(
      acceptEngagement(actorFor(expertUser.user, ["expert"]), engagementId, { outsideActivityConfirmed: true }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db().reservation.count({ where: { organizationId } })).toBe(0);
  });

  it("a member without project rights cannot invite a researcher; an owner can", async () => {
    const owner = await createClient();
    const organizationId = (await db().organizationMember.findUniqueOrThrow({ where: { userId: owner.id } })).organizationId;
    const adminUser = await createClient({ role: "admin", organizationId });
    const admin = actorFor(adminUser, ["client"]);
    await expect(inviteMember(admin, { email: `r-${randomUUID()}@example.org`, role: "researcher" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      fieldErrors: { role: ["Only a member who can run projects themselves can invite a researcher."] },
    });
    expect(await db().organizationInvitation.count({ where: { organizationId } })).toBe(0);
    await inviteMember(admin, { email: `f-${randomUUID()}@example.org`, role: "finance" });
    await inviteMember(actorFor(owner, ["client"]), { email: `r-${randomUUID()}@example.org`, role: "researcher" });
    expect(await db().organizationInvitation.count({ where: { organizationId } })).toBe(2);
  });
});

describe("a disabled member's paused project", () => {
  it("cannot be reopened or invited into by a colleague", async () => {
    const study = await createStudy();
    const colleague = actorFor(await createClient({ role: "researcher", organizationId: study.project.organizationId }), ["client"]);
    const admin = actorFor(await createAdmin(), ["admin"]);
    await setAccountDisabled(admin, study.clientUser.id, true);
    expect((await db().project.findUniqueOrThrow({ where: { id: study.project.id } })).status).toBe("paused");
    await expect(setProjectStatus(colleague, { projectId: study.project.id, status: "open" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("disabled account"),
    });
    const { expert } = await createExpert();
    await expect(inviteExpert(colleague, { projectId: study.project.id, expertId: expert.id, message: "Join" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await db().engagement.count({ where: { projectId: study.project.id } })).toBe(0);
    expect((await db().project.findUniqueOrThrow({ where: { id: study.project.id } })).status).toBe("paused");
  });
});
