// The money's model-based test: random sequences of what every role does (the organization's
// owner, researcher and finance, the money desk, three experts, another organization) against
// the real services and a real PostgreSQL, some steps two at once. After every step:
// - the ledger invariants of lib/money/invariants.ts hold for the organization;
// - no expert holds more for an engagement than the model allows: what the client's own record
//   (attendance sheet, completed session, late cancel) or the survey tool's own end page gave
//   them, plus the bonuses the client asked for;
// - a step refused with an AppError moved no money; any other failure (a 500, a deadlock) fails.
// Each action goes through one small adapter below, so a changed service call is one edit.
//
// MONEY_MODEL_SEED=<n> replays a run; MONEY_MODEL_RUNS=<n> sets how many sequences;
// MONEY_MODEL_STORIES=survey,pay,... draws only these stories, without loose steps, and bonuses
// only if it names "bonus" (to chase one hole);
// MONEY_MODEL_SHRINK=1 shrinks a failing sequence to a smallest one (slow: each run is real).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { createProject, setProjectStatus, updateProject } from "@/lib/projects/projects";
import {
  acceptEngagement,
  applyToOpportunity,
  cancelEngagement,
  completeSession,
  inviteExpert,
  markNoShow,
  proposeTimes,
  scheduleEngagement,
} from "@/lib/engagements/transitions";
import { addStudySession, recordAttendance, takeSeat } from "@/lib/engagements/focus-groups";
import { enterSurveyCode, recordSurveyEnd, startSurvey, approveResponses } from "@/lib/engagements/surveys";
import { payBonuses } from "@/lib/engagements/bonuses";
import * as surveyCodes from "@/lib/engagements/survey-codes";
import * as focusGroups from "@/lib/engagements/focus-groups";
import { releaseDueEarnings } from "@/lib/engagements/earnings-review";
import { completeOverdueSessions } from "@/lib/engagements/transitions";
import { expireSurveyGrace } from "@/lib/engagements/surveys";
import { recordFundingPayment, requestFunds, setCreditLimit, voidFundingInvoice } from "@/lib/money/funding";
import { cashOut } from "@/lib/money/wallet";
import { checkInvariants } from "@/lib/money/invariants";
import { lateCancelFeeCents } from "@/lib/money/policy";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const HOUR = 3_600_000;
const SEED = process.env.MONEY_MODEL_SEED ? Number(process.env.MONEY_MODEL_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 24);
const SHRINK = process.env.MONEY_MODEL_SHRINK === "1";
const ONLY = process.env.MONEY_MODEL_STORIES?.split(",").map((s) => s.trim()) ?? null;

// ───────────────────────────── the world ─────────────────────────────

type Format = "interview" | "survey" | "focus_group";
const FORMATS: Format[] = ["interview", "survey", "focus_group"];
const EXPERTS = [0, 1, 2] as const;
type ExpertNo = (typeof EXPERTS)[number];

type World = {
  organizationId: string;
  owner: Actor;
  researcher: Actor;
  finance: Actor;
  admin: Actor;
  /** A member of another organization: every move they make on this one's engagements is refused. */
  outsider: Actor;
  experts: { actor: Actor; expertId: string; name: string }[];
  projects: Record<Format, { id: string; opportunityId: string }>;
  studySessionId: string;
  start: number;
};

type Settings = { creditLimitCents: number; fundsCents: number; budgetCents: number | null; backupFeeCents: number };

const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function newWorld(s: Settings, start: number): Promise<World> {
  const ownerUser = await createClient({ role: "owner" });
  const organizationId = (await db().organizationMember.findUniqueOrThrow({ where: { userId: ownerUser.id } })).organizationId;
  const researcherUser = await createClient({ role: "researcher", organizationId });
  const financeUser = await createClient({ role: "finance", organizationId });
  const adminUser = await createAdmin();
  const outsiderUser = await createClient({ role: "owner" });
  const owner = actorFor(ownerUser, ["client"]);
  const admin = actorFor(adminUser, ["admin"]);
  const experts = [];
  for (const i of EXPERTS) {
    const { user, expert } = await createExpert();
    await db().user.update({ where: { id: user.id }, data: { firstName: `Expert${i + 1}` } });
    experts.push({ actor: actorFor(user, ["expert"]), expertId: expert.id, name: `Expert${i + 1}` });
  }
  const base = {
    description: "A study the money model runs through every action.",
    compensation: 150,
    durationMinutes: 60,
    locationType: "video" as const,
    deadline: dayIn(30),
    timeZone: "UTC",
    visibility: "open" as const,
    researchAttested: true as const,
    budget: s.budgetCents === null ? null : s.budgetCents / 100,
  };
  const interview = await createProject(owner, { ...base, title: "Model interview", projectType: "interview", quota: 3 });
  const survey = await createProject(owner, {
    ...base,
    title: "Model survey",
    projectType: "survey",
    compensation: 20,
    quota: 2,
    surveyUrl: "https://surveys.example.org/s/model?pid={{participant_id}}",
    screenOutPay: 2,
    overQuotaPay: 5,
  });
  const focusGroup = await createProject(owner, {
    ...base,
    title: "Model focus group",
    projectType: "focus_group",
    quota: 2,
    backupFee: s.backupFeeCents / 100,
  });
  const studySession = await addStudySession(
    owner,
    focusGroup.project.id,
    { startsAt: new Date(start + 2 * HOUR), seats: 2, backupSeats: 1 },
    new Date(start),
  );
  await setCreditLimit(admin, organizationId, s.creditLimitCents);
  const world: World = {
    organizationId,
    owner,
    researcher: actorFor(researcherUser, ["client"]),
    finance: actorFor(financeUser, ["client"]),
    admin,
    outsider: actorFor(outsiderUser, ["client"]),
    experts,
    projects: {
      interview: { id: interview.project.id, opportunityId: interview.opportunity.id },
      survey: { id: survey.project.id, opportunityId: survey.opportunity.id },
      focus_group: { id: focusGroup.project.id, opportunityId: focusGroup.opportunity.id },
    },
    studySessionId: studySession.id,
    start,
  };
  // The interview invites its first two experts; the survey and the focus group take applications.
  for (const i of [0, 1] as const)
    await inviteExpert(world.researcher, { projectId: world.projects.interview.id, expertId: experts[i].expertId }, new Date(start));
  if (s.fundsCents > 0) await act.recordPayment(world, (await act.requestFunds(world, s.fundsCents)).id);
  return world;
}

// ───────────────────────────── the adapters: one per action ─────────────────────────────

async function engagementOf(w: World, format: Format, k: ExpertNo) {
  return db().engagement.findUnique({
    where: { projectId_expertId: { projectId: w.projects[format].id, expertId: w.experts[k].expertId } },
    select: { id: true, state: true, participantId: true },
  });
}
const MISSING = "00000000-0000-4000-8000-000000000000";
const idOf = async (w: World, format: Format, k: ExpertNo) => (await engagementOf(w, format, k))?.id ?? MISSING;

/** Project fields as the edit form sends them back, with the pay changed. */
async function projectInput(projectId: string, compensationCents: number) {
  const p = await db().project.findUniqueOrThrow({ where: { id: projectId } });
  return {
    projectId,
    title: p.title,
    description: p.description,
    projectType: p.projectType,
    compensation: compensationCents / 100,
    durationMinutes: p.estimatedDurationMinutes,
    locationType: p.locationType as "video",
    deadline: p.deadline!.toISOString().slice(0, 10),
    quota: p.quota,
    timeZone: p.timeZone,
    visibility: p.visibility,
    surveyUrl: p.surveyUrl,
    screenOutPay: p.screenOutCents / 100,
    overQuotaPay: p.overQuotaCents / 100,
    backupFee: p.backupFeeCents / 100,
  };
}

const act = {
  /** Whatever the engagement still needs to be accepted: the expert answers an invite or applies; the client answers an application. */
  async accept(w: World, format: Format, k: ExpertNo, now: Date) {
    const e = await engagementOf(w, format, k);
    if (!e)
      return applyToOpportunity(
        w.experts[k].actor,
        { opportunityId: w.projects[format].opportunityId, outsideActivityConfirmed: true },
        now,
      );
    if (e.state === "invited") return acceptEngagement(w.experts[k].actor, e.id, { outsideActivityConfirmed: true });
    return acceptEngagement(w.researcher, e.id);
  },
  async setPay(w: World, format: Format, cents: number) {
    return updateProject(w.researcher, await projectInput(w.projects[format].id, cents));
  },
  async payBonus(w: World, by: Actor, engagementId: string, cents: number, batchKey: string) {
    return payBonuses(by, { batchKey, items: [{ engagementId, cents }], note: "Thank you" });
  },
  async schedule(w: World, k: ExpertNo, now: Date) {
    const id = await idOf(w, "interview", k);
    await proposeTimes(w.researcher, id, [new Date(now.getTime() + 2 * HOUR)], now);
    const [p] = await db().timeProposal.findMany({ where: { engagementId: id } });
    return scheduleEngagement(w.experts[k].actor, id, { proposalId: p?.id ?? MISSING }, now);
  },
  async complete(w: World, k: ExpertNo, now: Date) {
    return completeSession(w.researcher, await idOf(w, "interview", k), now);
  },
  async takeSeat(w: World, k: ExpertNo, kind: "seat" | "backup", now: Date) {
    return takeSeat(w.experts[k].actor, await idOf(w, "focus_group", k), { studySessionId: w.studySessionId, kind }, now);
  },
  async noShow(w: World, format: "interview" | "focus_group", k: ExpertNo, side: "expert" | "client", now: Date) {
    return markNoShow(side === "expert" ? w.experts[k].actor : w.researcher, await idOf(w, format, k), null, now);
  },
  /** The client's attendance sheet: one mark per seat holder. */
  async attendance(w: World, marks: Map<string, "attended" | "no_show" | "not_needed">, now: Date) {
    return recordAttendance(
      w.researcher,
      w.studySessionId,
      [...marks].map(([engagementId, outcome]) => ({ engagementId, outcome })),
      now,
    );
  },
  async cancel(w: World, format: Format, k: ExpertNo, side: "expert" | "client", now: Date) {
    return cancelEngagement(
      side === "expert" ? w.experts[k].actor : w.researcher,
      await idOf(w, format, k),
      "The model changed its plans",
      now,
    );
  },
  /**
   * The code the survey tool shows participant `participantId` on its end page for `end` (what the
   * client configured in the tool for this project).
   */
  async toolCode(w: World, end: "complete" | "screened-out" | "over-quota", participantId: string) {
    // Where each participant has a completion code of their own (an HMAC of their id), the tool
    // shows that; otherwise the survey's one code. The screen-out and over-quota codes are the survey's.
    const own = (surveyCodes as unknown as { completionCodeFor?: (participantId: string) => string }).completionCodeFor;
    if (end === "complete" && own) return own(participantId);
    const p = await db().project.findUniqueOrThrow({
      where: { id: w.projects.survey.id },
      select: { completionCode: true, screenOutCode: true, overQuotaCode: true },
    });
    return { complete: p.completionCode, "screened-out": p.screenOutCode, "over-quota": p.overQuotaCode }[end]!;
  },
  /** The expert opens the survey, answers it, and the tool sends them to its end address with their id and the code. */
  async finishSurvey(w: World, k: ExpertNo, end: "complete" | "screened-out" | "over-quota", now: Date) {
    const e = await engagementOf(w, "survey", k);
    await startSurvey(w.experts[k].actor, e?.id ?? MISSING, now);
    const participantId = e!.participantId!;
    const code = await act.toolCode(w, end, participantId);
    return recordSurveyEnd({ projectId: w.projects.survey.id, end, code, participantId, actor: w.experts[k].actor }, now);
  },
  /** Expert `k` types, on their dashboard, the completion code expert `j`'s end page showed. */
  async typeCode(w: World, k: ExpertNo, j: ExpertNo, now: Date) {
    const other = await engagementOf(w, "survey", j);
    const code = await act.toolCode(w, "complete", other?.participantId ?? "none");
    return enterSurveyCode(w.experts[k].actor, await idOf(w, "survey", k), code, now);
  },
  async approve(w: World, k: ExpertNo, now: Date) {
    return approveResponses(w.researcher, [await idOf(w, "survey", k)], now);
  },
  async close(w: World, format: Format, now: Date) {
    return setProjectStatus(w.researcher, { projectId: w.projects[format].id, status: "closed" }, now);
  },
  async requestFunds(w: World, cents: number) {
    return requestFunds(w.finance, cents);
  },
  async recordPayment(w: World, invoiceId: string) {
    return recordFundingPayment(w.admin, invoiceId, "MODEL-WIRE");
  },
  async voidInvoice(w: World, invoiceId: string) {
    return voidFundingInvoice(w.finance, invoiceId);
  },
  async cashOut(w: World, k: ExpertNo, now: Date) {
    return cashOut(w.experts[k].actor, now);
  },
  /** The 15-minute money sweep at `now`: sessions left unmarked, review windows closed, survey grace ended. */
  async sweep(now: Date) {
    await completeOverdueSessions(now);
    // A focus group's attendance, where it is paid once its correction window has closed.
    const settle = (focusGroups as unknown as { settleDueAttendance?: (now: Date) => Promise<number> }).settleDueAttendance;
    if (settle) await settle(now);
    await releaseDueEarnings(now);
    await expireSurveyGrace(now);
  },
};

// ───────────────────────────── the actions drawn ─────────────────────────────

type Side = "expert" | "client";
type Op =
  | { op: "accept"; format: Format; k: ExpertNo }
  | { op: "raise"; format: Format; cents: number }
  | { op: "cut"; format: Format; cents: number }
  | { op: "bonus"; format: Format; k: ExpertNo; cents: number; again: boolean }
  | { op: "outsider_bonus"; format: Format; k: ExpertNo }
  | { op: "schedule"; k: ExpertNo }
  | { op: "complete"; k: ExpertNo }
  | { op: "take_seat"; k: ExpertNo; kind: "seat" | "backup" }
  | { op: "no_show"; format: "interview" | "focus_group"; k: ExpertNo; side: Side }
  | { op: "attendance"; marks: ("attended" | "no_show" | "not_needed")[] }
  | { op: "cancel"; format: Format; k: ExpertNo; side: Side }
  | { op: "survey_end"; k: ExpertNo; end: "complete" | "screened-out" | "over-quota" }
  | { op: "survey_code"; k: ExpertNo; from: ExpertNo }
  | { op: "approve"; k: ExpertNo }
  | { op: "close"; format: Format }
  | { op: "fund"; cents: number }
  | { op: "pay_invoice" }
  | { op: "void" }
  | { op: "cash_out"; k: ExpertNo }
  | { op: "wait"; hours: number }
  | { op: "parallel"; steps: [Op, Op] };

const expertNo = fc.constantFrom<ExpertNo>(...EXPERTS);
const format = fc.constantFrom<Format>(...FORMATS);
const side = fc.constantFrom<Side>("expert", "client");
const mark = fc.constantFrom<"attended" | "no_show" | "not_needed">("attended", "no_show", "not_needed");

const SIMPLE: Record<Exclude<Op["op"], "parallel">, { weight: number; arb: fc.Arbitrary<Op> }> = {
  accept: { weight: 6, arb: fc.record({ op: fc.constant("accept" as const), format, k: expertNo }) },
  raise: { weight: 2, arb: fc.record({ op: fc.constant("raise" as const), format, cents: fc.constantFrom(2_500, 10_000) }) },
  cut: { weight: 1, arb: fc.record({ op: fc.constant("cut" as const), format, cents: fc.constantFrom(2_500, 10_000) }) },
  bonus: {
    weight: 3,
    arb: fc.record({
      op: fc.constant("bonus" as const),
      format,
      k: expertNo,
      cents: fc.constantFrom(500, 5_000, 30_000, 100_000),
      again: fc.constantFrom(false, false, false, true),
    }),
  },
  outsider_bonus: { weight: 1, arb: fc.record({ op: fc.constant("outsider_bonus" as const), format, k: expertNo }) },
  schedule: { weight: 2, arb: fc.record({ op: fc.constant("schedule" as const), k: expertNo }) },
  complete: { weight: 2, arb: fc.record({ op: fc.constant("complete" as const), k: expertNo }) },
  take_seat: {
    weight: 3,
    arb: fc.record({ op: fc.constant("take_seat" as const), k: expertNo, kind: fc.constantFrom<"seat" | "backup">("seat", "backup") }),
  },
  no_show: {
    weight: 3,
    arb: fc.record({
      op: fc.constant("no_show" as const),
      format: fc.constantFrom<"interview" | "focus_group">("interview", "focus_group"),
      k: expertNo,
      side,
    }),
  },
  attendance: {
    weight: 2,
    arb: fc.record({ op: fc.constant("attendance" as const), marks: fc.array(mark, { minLength: 3, maxLength: 3 }) }),
  },
  cancel: { weight: 2, arb: fc.record({ op: fc.constant("cancel" as const), format, k: expertNo, side }) },
  survey_end: {
    weight: 3,
    arb: fc.record({
      op: fc.constant("survey_end" as const),
      k: expertNo,
      end: fc.constantFrom<"complete" | "screened-out" | "over-quota">("complete", "complete", "screened-out", "over-quota"),
    }),
  },
  survey_code: { weight: 3, arb: fc.record({ op: fc.constant("survey_code" as const), k: expertNo, from: expertNo }) },
  approve: { weight: 1, arb: fc.record({ op: fc.constant("approve" as const), k: expertNo }) },
  close: { weight: 1, arb: fc.record({ op: fc.constant("close" as const), format }) },
  fund: { weight: 2, arb: fc.record({ op: fc.constant("fund" as const), cents: fc.constantFrom(5_000, 20_000) }) },
  pay_invoice: { weight: 2, arb: fc.constant({ op: "pay_invoice" as const }) },
  void: { weight: 1, arb: fc.constant({ op: "void" as const }) },
  cash_out: { weight: 1, arb: fc.record({ op: fc.constant("cash_out" as const), k: expertNo }) },
  wait: { weight: 3, arb: fc.record({ op: fc.constant("wait" as const), hours: fc.constantFrom(1, 3, 26, 24 * 6) }) },
};
const simpleOp: fc.Arbitrary<Op> = fc.oneof(...Object.values(SIMPLE).map(({ weight, arb }) => ({ weight, arbitrary: arb })));

// Stories: what one person sets out to do, in order (an expert's interview from acceptance to its
// end, a seat in the focus group, a survey place, a top-up, a change of pay). A run interleaves a
// few stories with loose random steps, so most steps find something to act on and the rest try
// the same actions out of order.
const BONUS_CENTS = fc.constantFrom(500, 5_000, 30_000, 100_000);
const bonusesDrawn = !ONLY || ONLY.includes("bonus");
const maybeBonus = (format: Format, k: ExpertNo) =>
  fc
    .option(fc.tuple(BONUS_CENTS, fc.boolean()), { freq: 2 })
    .map((b): Op[] =>
      b && bonusesDrawn
        ? [
            { op: "bonus", format, k, cents: b[0], again: false },
            ...(b[1] ? [{ op: "bonus", format, k, cents: b[0], again: true } as Op] : []),
          ]
        : [],
    );
const ENDINGS = ["complete", "no_show:expert", "no_show:client", "cancel:expert", "cancel:client"] as const;
const ending = (
  format: "interview" | "focus_group",
  k: ExpertNo,
  how: (typeof ENDINGS)[number],
  marks: Op & { op: "attendance" },
): Op[] => {
  const [what, who] = how.split(":") as ["complete" | "no_show" | "cancel", Side];
  if (what === "cancel") return [{ op: "cancel", format, k, side: who }];
  const started: Op = { op: "wait", hours: 3 };
  if (what === "no_show") return [started, { op: "no_show", format, k, side: who }];
  return [started, format === "interview" ? { op: "complete", k } : marks];
};
const marksArb = fc.array(mark, { minLength: 3, maxLength: 3 }).map((marks) => ({ op: "attendance" as const, marks }));
const STORIES: Record<string, fc.Arbitrary<Op[]>> = {
  interview: fc
    .tuple(fc.constantFrom<ExpertNo>(0, 1), fc.constantFrom(...ENDINGS), marksArb)
    .chain(([k, how, marks]) =>
      maybeBonus("interview", k).map((bonus): Op[] => [
        { op: "accept", format: "interview", k },
        { op: "schedule", k },
        ...ending("interview", k, how, marks),
        ...bonus,
      ]),
    ),
  focus_group: fc
    .tuple(expertNo, fc.constantFrom<"seat" | "backup">("seat", "seat", "backup"), fc.constantFrom(...ENDINGS), marksArb)
    .chain(([k, kind, how, marks]) =>
      maybeBonus("focus_group", k).map((bonus): Op[] => [
        { op: "accept", format: "focus_group", k },
        { op: "accept", format: "focus_group", k },
        { op: "take_seat", k, kind },
        ...ending("focus_group", k, how, marks),
        ...bonus,
      ]),
    ),
  survey: fc
    .tuple(
      expertNo,
      fc.option(expertNo, { freq: 2 }),
      fc.constantFrom<"complete" | "screened-out" | "over-quota">("complete", "complete", "screened-out", "over-quota"),
      fc.boolean(),
    )
    .chain(([k, typesCodeOf, end, approve]) =>
      maybeBonus("survey", k).map((bonus): Op[] => [
        { op: "accept", format: "survey", k },
        typesCodeOf === null || typesCodeOf === k ? { op: "survey_end", k, end } : { op: "survey_code", k, from: typesCodeOf },
        ...(approve ? [{ op: "approve", k } as Op] : []),
        ...bonus,
      ]),
    ),
  funds: fc
    .tuple(fc.constantFrom(5_000, 20_000), fc.constantFrom<"pay_invoice" | "void">("pay_invoice", "pay_invoice", "void"))
    .map(([cents, then]): Op[] => [{ op: "fund", cents }, { op: then }]),
  pay: fc
    .tuple(fc.constantFrom<"raise" | "cut">("raise", "raise", "cut"), format, fc.constantFrom(2_500, 10_000))
    .map(([op, f, cents]): Op[] => [{ op, format: f, cents }]),
  cash_out: expertNo.map((k): Op[] => [
    { op: "wait", hours: 24 * 6 },
    { op: "cash_out", k },
  ]),
};
const storyNames = Object.keys(STORIES).filter((name) => !ONLY || ONLY.includes(name));
if (!storyNames.length) throw new Error(`MONEY_MODEL_STORIES names no story of ${Object.keys(STORIES).join(", ")}`);
const storyArb = fc.oneof(...storyNames.map((name) => STORIES[name]));
const MAX_STEPS = 18;

/** Interleaves the stories and loose steps (each list keeps its order), then runs some neighbours at once or an action twice at once. */
const sequenceArb: fc.Arbitrary<Op[]> = fc
  .tuple(
    fc.array(storyArb, { minLength: 2, maxLength: 4 }),
    fc.array(simpleOp, { maxLength: ONLY ? 0 : 4 }),
    fc.array(fc.nat({ max: 99 }), { minLength: 60, maxLength: 60 }),
    fc.array(fc.nat({ max: 11 }), { minLength: 60, maxLength: 60 }),
  )
  .map(([stories, loose, order, together]) => {
    const lists = [...stories.map((s) => [...s]), ...loose.map((o) => [o])];
    const flat: Op[] = [];
    for (let i = 0; lists.length; i++) {
      const j = order[i % order.length] % lists.length;
      flat.push(lists[j].shift()!);
      if (!lists[j].length) lists.splice(j, 1);
    }
    const out: Op[] = [];
    for (let i = 0; i < flat.length && out.length < MAX_STEPS; i++) {
      const roll = together[i % together.length];
      const [a, b] = [flat[i], flat[i + 1]];
      if (roll === 0 && b && a.op !== "wait" && b.op !== "wait") {
        out.push({ op: "parallel", steps: [a, b] });
        i++;
      } else if (roll === 1 && a.op !== "wait") out.push({ op: "parallel", steps: [a, a] });
      else out.push(a);
    }
    return out;
  });
const settingsArb: fc.Arbitrary<Settings> = fc.record({
  creditLimitCents: fc.constantFrom(0, 10_000, 100_000),
  fundsCents: fc.constantFrom(0, 20_000, 60_000),
  budgetCents: fc.constantFrom(null, 40_000),
  backupFeeCents: fc.constantFrom(0, 2_000),
});

/** A step in words, for the counterexample. */
function describeOp(o: Op): string {
  const ex = (k: number) => `Expert${k + 1}`;
  const $ = (c: number) => `$${(c / 100).toFixed(2)}`;
  switch (o.op) {
    case "accept":
      return `${ex(o.k)} is accepted into the ${o.format}`;
    case "raise":
      return `the researcher raises the ${o.format}'s pay by ${$(o.cents)}`;
    case "cut":
      return `the researcher cuts the ${o.format}'s pay by ${$(o.cents)}`;
    case "bonus":
      return o.again
        ? "the researcher sends the last bonus batch again (same batch key)"
        : `the researcher pays ${ex(o.k)} a ${$(o.cents)} bonus in the ${o.format}`;
    case "outsider_bonus":
      return `another organization's owner pays ${ex(o.k)} a bonus in the ${o.format}`;
    case "schedule":
      return `the researcher proposes a time 2 h ahead for ${ex(o.k)}'s interview and ${ex(o.k)} picks it`;
    case "complete":
      return `the researcher marks ${ex(o.k)}'s interview completed`;
    case "take_seat":
      return `${ex(o.k)} takes a ${o.kind === "seat" ? "seat" : "backup seat"} in the focus group's session`;
    case "no_show":
      return o.side === "expert"
        ? `${ex(o.k)} records the client as a no-show in the ${o.format}`
        : `the researcher records ${ex(o.k)} as a no-show in the ${o.format}`;
    case "attendance":
      return `the researcher records the focus group's attendance sheet (${o.marks.join(", ")} in seat order)`;
    case "cancel":
      return `${o.side === "expert" ? ex(o.k) : "the researcher"} cancels ${ex(o.k)}'s ${o.format}`;
    case "survey_end":
      return `${ex(o.k)} opens the survey and the survey tool sends them to its ${o.end} end with their own id and code`;
    case "survey_code":
      return `${ex(o.k)} types on their dashboard the completion code the survey tool gives ${ex(o.from)}`;
    case "approve":
      return `the researcher approves ${ex(o.k)}'s survey response`;
    case "close":
      return `the researcher closes the ${o.format}`;
    case "fund":
      return `finance asks to add ${$(o.cents)} (a new open invoice)`;
    case "pay_invoice":
      return "the money desk records the payment of the oldest open invoice";
    case "void":
      return "finance voids the oldest open invoice";
    case "cash_out":
      return `${ex(o.k)} cashes out`;
    case "wait":
      return `${o.hours} h pass and the money sweep runs`;
    case "parallel":
      return `at the same moment: ${describeOp(o.steps[0])} | ${describeOp(o.steps[1])}`;
  }
}

// ───────────────────────────── the model ─────────────────────────────

/**
 * What each engagement may have been paid, by the record that decides it: the client's
 * attendance sheet for a focus-group seat, the survey tool's own end page for a survey place, the
 * client's late cancel; plus the bonuses the client asked for. An interview's fees are the
 * session-fees property's business: it may earn up to its incentive.
 */
type Model = {
  /** Focus-group outcomes from the client's attendance sheet, by engagement id. */
  sheet: Map<string, "attended" | "no_show" | "not_needed">;
  /** The end the survey tool itself sent each expert to, by engagement id. */
  surveyEnd: Map<string, "complete" | "screened-out" | "over-quota">;
  /** Bonus cents the client asked for, by engagement id. */
  bonuses: Map<string, number>;
  /** The last bonus batch sent, to send again. */
  lastBonus: { engagementId: string; cents: number; batchKey: string } | null;
};

async function allowanceOf(w: World, m: Model) {
  const rows = await db().engagement.findMany({
    where: { organizationId: w.organizationId },
    select: {
      id: true,
      lateCancel: true,
      incentiveCents: true,
      project: { select: { projectType: true, backupFeeCents: true, screenOutCents: true, overQuotaCents: true } },
    },
  });
  return new Map(
    rows.map((e) => {
      let pay = 0;
      const type = e.project.projectType;
      if (type === "interview") pay = e.incentiveCents;
      if (e.lateCancel) pay = Math.max(pay, lateCancelFeeCents(e.incentiveCents));
      if (type === "focus_group") {
        const outcome = m.sheet.get(e.id);
        if (outcome === "attended") pay = e.incentiveCents;
        if (outcome === "not_needed") pay = Math.max(pay, e.project.backupFeeCents);
      }
      if (type === "survey") {
        const end = m.surveyEnd.get(e.id);
        if (end === "complete") pay = e.incentiveCents;
        if (end === "screened-out") pay = e.project.screenOutCents;
        if (end === "over-quota") pay = e.project.overQuotaCents;
      }
      return [e.id, pay + (m.bonuses.get(e.id) ?? 0)];
    }),
  );
}

/** What each engagement of the organization credited to its expert, net (the ledger's own record). */
async function creditedByEngagement(w: World) {
  const rows = await db().$queryRaw<{ engagement_id: string; credited: bigint }[]>`
    SELECT t.engagement_id::text AS engagement_id, -SUM(le.amount_cents) AS credited
    FROM ledger_entries le
    JOIN ledger_accounts a ON a.id = le.account_id
    JOIN ledger_transactions t ON t.id = le.transaction_id
    JOIN engagements g ON g.id = t.engagement_id
    WHERE g.organization_id = ${w.organizationId}::uuid AND a.owner_user_id IS NOT NULL
      AND a.kind::text IN ('expert_pending_qc', 'expert_available', 'payout_in_transit', 'paid_out')
    GROUP BY t.engagement_id`;
  return new Map(rows.map((r) => [r.engagement_id, Number(r.credited)]));
}

/** Every balance the world's people and organization hold, as one comparable string. */
async function moneySnapshot(w: World) {
  const users = w.experts.map((e) => e.actor.userId);
  const rows = await db().ledgerAccount.findMany({
    where: { OR: [{ ownerOrganizationId: w.organizationId }, { ownerUserId: { in: users } }] },
    select: { id: true, balanceCents: true },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => `${r.id}:${r.balanceCents}`).join(",");
}

const engagementName = async (id: string) => {
  const e = await db().engagement.findUnique({
    where: { id },
    select: { state: true, project: { select: { title: true } }, expert: { select: { user: { select: { firstName: true } } } } },
  });
  return e ? `${e.expert.user.firstName} in "${e.project.title}" (now ${e.state})` : id;
};

// ───────────────────────────── running a step ─────────────────────────────

const batchKeys = new WeakMap<Op, string>();

type Outcome = { ok: true } | { ok: false; refused: AppError };

async function runOp(w: World, m: Model, o: Exclude<Op, { op: "parallel" }>, now: Date): Promise<void> {
  switch (o.op) {
    case "accept":
      await act.accept(w, o.format, o.k, now);
      return;
    case "raise":
    case "cut": {
      const { compensationCents } = await db().project.findUniqueOrThrow({ where: { id: w.projects[o.format].id } });
      await act.setPay(w, o.format, Math.max(100, compensationCents + (o.op === "raise" ? o.cents : -o.cents)));
      return;
    }
    case "bonus": {
      const id = await idOf(w, o.format, o.k);
      // The same batch sent again (a second click, a replayed request) must pay nothing more.
      const last = m.lastBonus;
      if (o.again && last) {
        await act.payBonus(w, w.researcher, last.engagementId, last.cents, last.batchKey);
        return;
      }
      // One batch key per click: the same step run twice at once is a double click of one batch.
      const repeat = batchKeys.has(o);
      const batchKey = batchKeys.get(o) ?? crypto.randomUUID();
      batchKeys.set(o, batchKey);
      m.lastBonus = { engagementId: id, cents: o.cents, batchKey };
      // Counted as asked for before the call: a bonus that waits for approval or is refused is simply not paid.
      if (!repeat) m.bonuses.set(id, (m.bonuses.get(id) ?? 0) + o.cents);
      await act.payBonus(w, w.researcher, id, o.cents, batchKey);
      return;
    }
    case "outsider_bonus": {
      const id = await idOf(w, o.format, o.k);
      await expect(act.payBonus(w, w.outsider, id, 1_000, crypto.randomUUID())).rejects.toBeInstanceOf(AppError);
      return;
    }
    case "schedule":
      await act.schedule(w, o.k, now);
      return;
    case "complete":
      await act.complete(w, o.k, now);
      return;
    case "take_seat":
      await act.takeSeat(w, o.k, o.kind, now);
      return;
    case "no_show":
      await act.noShow(w, o.format, o.k, o.side, now);
      return;
    case "attendance": {
      const holders = await db().studySeat.findMany({
        where: { studySessionId: w.studySessionId, kind: { in: ["seat", "backup"] }, engagement: { state: "scheduled" } },
        orderBy: [{ kind: "asc" }, { number: "asc" }],
        select: { engagementId: true, kind: true },
      });
      const marks = new Map(
        holders.map((h, i) => {
          const mk = o.marks[i % o.marks.length];
          return [h.engagementId, h.kind === "seat" && mk === "not_needed" ? ("attended" as const) : mk];
        }),
      );
      await act.attendance(w, marks, now);
      for (const [id, mk] of marks) if (!m.sheet.has(id)) m.sheet.set(id, mk);
      return;
    }
    case "cancel":
      await act.cancel(w, o.format, o.k, o.side, now);
      return;
    case "survey_end": {
      const e = await engagementOf(w, "survey", o.k);
      // The tool's end page is what the expert really reached: recorded whatever the platform answers.
      if (e && e.state === "accepted" && !m.surveyEnd.has(e.id)) m.surveyEnd.set(e.id, o.end);
      await act.finishSurvey(w, o.k, o.end, now);
      return;
    }
    case "survey_code":
      await act.typeCode(w, o.k, o.from, now);
      return;
    case "approve":
      await act.approve(w, o.k, now);
      return;
    case "close":
      await act.close(w, o.format, now);
      return;
    case "fund":
      await act.requestFunds(w, o.cents);
      return;
    case "pay_invoice":
    case "void": {
      const open = await db().fundingInvoice.findFirst({
        where: { organizationId: w.organizationId, status: "open" },
        orderBy: { number: "asc" },
      });
      if (!open) return;
      await (o.op === "void" ? act.voidInvoice(w, open.id) : act.recordPayment(w, open.id));
      return;
    }
    case "cash_out":
      await act.cashOut(w, o.k, now);
      return;
    case "wait":
      await act.sweep(now);
      return;
  }
}

/** Runs one action; an AppError is a refusal (a legitimate answer), anything else fails the test. */
async function attempt(w: World, m: Model, o: Exclude<Op, { op: "parallel" }>, now: Date): Promise<Outcome> {
  try {
    await runOp(w, m, o, now);
    return { ok: true };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, refused: e };
    throw new Error(
      `${describeOp(o)} failed with no clear answer (a 500 to its caller): ${e instanceof Error ? e.message.trim().split("\n").at(-1) : String(e)}`,
      {
        cause: e,
      },
    );
  }
}

/** The breaches after a step, in words: the ledger invariants, then the model's allowance. */
async function breachesAfter(w: World, m: Model): Promise<string[]> {
  const report = await checkInvariants({ organizationIds: [w.organizationId] });
  const out = report.breaches.map((b) => `[${b.check}] ${b.message}`);
  const [allowed, credited] = [await allowanceOf(w, m), await creditedByEngagement(w)];
  for (const [id, cents] of credited) {
    const may = allowed.get(id) ?? 0;
    if (cents > may)
      out.push(
        `[model] ${await engagementName(id)} was credited $${(cents / 100).toFixed(2)}, but the record that decides its pay allows $${(may / 100).toFixed(2)}.`,
      );
  }
  return out;
}

describe("the money model: every role, every action, the invariants after each step", () => {
  it("random sequences of actions by every role keep every dollar backed and every fee earned", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(settingsArb, sequenceArb, async (settings, ops) => {
        runs++;
        let now = Math.ceil(Date.now() / HOUR) * HOUR;
        const t0 = Date.now();
        const w = await newWorld(settings, now);
        if (process.env.MONEY_MODEL_DEBUG) console.log(`world in ${Date.now() - t0} ms`);
        const m: Model = { sheet: new Map(), surveyEnd: new Map(), bonuses: new Map(), lastBonus: null };
        const log: string[] = [
          `settings: credit limit $${settings.creditLimitCents / 100}, funds $${settings.fundsCents / 100}, budget ${settings.budgetCents === null ? "none" : `$${settings.budgetCents / 100}`}, backup fee $${settings.backupFeeCents / 100}`,
        ];
        const initial = await breachesAfter(w, m);
        if (initial.length) throw new Error(`the world breaks the invariants before any step:\n${initial.join("\n")}`);
        for (const [i, o] of ops.entries()) {
          if (o.op === "wait") now += o.hours * HOUR;
          const at = new Date(now);
          const before = await moneySnapshot(w);
          let said: string;
          try {
            if (o.op === "parallel") {
              const results = await Promise.all(o.steps.map((s) => attempt(w, m, s as Exclude<Op, { op: "parallel" }>, at)));
              said = results.map((r) => (r.ok ? "done" : `refused: ${r.refused.message}`)).join(" | ");
            } else {
              const r = await attempt(w, m, o, at);
              said = r.ok ? "done" : `refused: ${r.refused.message}`;
              if (!r.ok && (await moneySnapshot(w)) !== before)
                throw new Error(`step ${i + 1}: ${describeOp(o)} was refused (${r.refused.message}) but money moved`);
            }
          } catch (e) {
            throw new Error(
              `Money model failed (MONEY_MODEL_SEED=${SEED}, run ${runs}):\n${log.join("\n")}\nstep ${i + 1}: ${e instanceof Error ? e.message : String(e)}`,
              { cause: e },
            );
          }
          log.push(`step ${i + 1}: ${describeOp(o)} → ${said}`);
          if (process.env.MONEY_MODEL_DEBUG) console.log(`${Date.now() - t0} ms ${log.at(-1)}`);
          const breaches = await breachesAfter(w, m);
          if (breaches.length)
            throw new Error(
              `Money invariant broken (MONEY_MODEL_SEED=${SEED}, run ${runs}):\n${log.join("\n")}\nbreaches after step ${i + 1}:\n${breaches.join("\n")}`,
            );
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: !SHRINK },
    );
  }, 240_000);
});
