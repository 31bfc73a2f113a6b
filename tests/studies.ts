// Builders for studies: a client's project (with its opportunity) and engagements in any state,
// written as the services write them so the board, the pipeline and the history read real rows.
import { db } from "@/lib/platform/db";
import type { EngagementState, OpportunityType } from "@/lib/generated/prisma/enums";
import type { ScreenerQuestion } from "@/lib/engagements/screener";
import { createProject } from "@/lib/projects/projects";
import { acceptEngagement, inviteExpert, proposeTimes, scheduleEngagement } from "@/lib/engagements/transitions";
import { actorFor, createClient, createExpert } from "./factories";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export type StudyOptions = {
  title?: string;
  minutes?: number;
  type?: OpportunityType;
  screener?: ScreenerQuestion[] | null;
  visibility?: "open" | "invite_only";
  deadlineDays?: number;
  quota?: number;
  timeZone?: string;
  /** A survey's link and the pay of its screen-out and over-quota ends, in dollars. */
  surveyUrl?: string;
  screenOutPay?: number;
  overQuotaPay?: number;
  /** A focus group's backup seat fee, in dollars. */
  backupFee?: number;
};

/** A client and one project of theirs, created through the service (project + opportunity + deadline job). */
export async function createStudy(opts: StudyOptions = {}, clientUser?: { id: string; email: string }) {
  const user = clientUser ?? (await createClient());
  const client = actorFor(user, ["client"]);
  const { project, opportunity } = await createProject(client, {
    title: opts.title ?? "Reading intervention study",
    description: "Interviews about reading intervention blocks.",
    projectType: opts.type ?? "interview",
    compensation: 150,
    durationMinutes: opts.minutes ?? 45,
    locationType: "video",
    deadline: inDays(opts.deadlineDays ?? 14),
    quota: opts.quota ?? 3,
    timeZone: opts.timeZone ?? "America/New_York",
    visibility: opts.visibility ?? "open",
    screener: opts.screener ?? null,
    surveyUrl: opts.surveyUrl ?? (opts.type === "survey" ? "https://surveys.example.org/s/reading?pid={{participant_id}}" : null),
    screenOutPay: opts.screenOutPay,
    overQuotaPay: opts.overQuotaPay,
    backupFee: opts.backupFee,
    researchAttested: true,
  });
  return { clientUser: user, client, project, opportunity };
}

/**
 * An engagement put straight into a state (with a one-line history), for tests of what reads
 * it. Tests of the transitions themselves go through lib/engagements/transitions.ts.
 */
export async function engagementIn(
  state: EngagementState,
  study: { project: { id: string }; clientUser: { id: string } },
  expertId: string,
  extra: { completedAt?: Date; expertScore?: number; startsAt?: Date } = {},
) {
  const { compensationCents, organizationId } = await db().project.findUniqueOrThrow({
    where: { id: study.project.id },
    select: { compensationCents: true, organizationId: true },
  });
  const e = await db().engagement.create({
    data: {
      incentiveCents: compensationCents,
      projectId: study.project.id,
      expertId,
      clientUserId: study.clientUser.id,
      organizationId,
      origin: "application",
      state,
      completedAt: extra.completedAt ?? (state === "completed" ? new Date() : null),
      // The client's rating of the expert (expert_ratings), every dimension at `expertScore`.
      ...(extra.expertScore
        ? {
            expertRating: {
              create: { expertId, preparation: extra.expertScore, insight: extra.expertScore, communication: extra.expertScore },
            },
          }
        : {}),
      events: { create: { actorSide: "system", kind: state, toState: state } },
    },
  });
  if (extra.startsAt) {
    await db().engagementSession.create({
      data: {
        engagementId: e.id,
        startsAt: extra.startsAt,
        endsAt: new Date(extra.startsAt.getTime() + 45 * 60_000),
        status: state === "completed" ? "completed" : "scheduled",
      },
    });
  }
  return e;
}

// Engagements taken through the real transitions, for tests of what comes after them.

export async function invitedPair(opts: { visibility?: "open" | "invite_only" } = {}) {
  const study = await createStudy({ visibility: opts.visibility });
  const { user, expert } = await createExpert();
  const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id, message: "Join us" });
  return { study, expertUser: user, expert, engagementId, expertActor: actorFor(user, ["expert"]) };
}

export async function acceptedPair(opts: { visibility?: "open" | "invite_only" } = {}) {
  const pair = await invitedPair(opts);
  await acceptEngagement(pair.expertActor, pair.engagementId, { outsideActivityConfirmed: true });
  return pair;
}

/** A session scheduled `startsInHours` from now (negative: already started) through a proposal the expert picked. */
export async function scheduledPair(startsInHours: number) {
  const pair = await acceptedPair();
  const startsAt = new Date(Date.now() + startsInHours * 3_600_000);
  // A proposal must be in the future when it is made and picked: make it then move the clock.
  const proposedAt = new Date(Math.min(Date.now(), startsAt.getTime() - 3_600_000));
  await proposeTimes(pair.study.client, pair.engagementId, [startsAt], proposedAt);
  const [p] = await db().timeProposal.findMany({ where: { engagementId: pair.engagementId } });
  await scheduleEngagement(pair.expertActor, pair.engagementId, { proposalId: p.id }, proposedAt);
  return { ...pair, startsAt };
}
