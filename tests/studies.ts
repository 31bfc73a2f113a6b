// Builders for studies: a client's project (with its opportunity) and engagements in any state,
// written as the services write them so the board, the pipeline and the history read real rows.
import { db } from "@/lib/db";
import type { EngagementState, OpportunityType } from "@/lib/generated/prisma/enums";
import type { ScreenerQuestion } from "@/lib/engagements/screener";
import { createProject } from "@/lib/services/client-projects";
import { actorFor, createClient } from "./factories";

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
  });
  return { clientUser: user, client, project, opportunity };
}

/**
 * An engagement put straight into a state (with a one-line history), for tests of what reads
 * it. Tests of the transitions themselves go through lib/services/engagements.ts.
 */
export async function engagementIn(state: EngagementState, study: { project: { id: string }; clientUser: { id: string } }, expertId: string, extra: { completedAt?: Date; clientRating?: number; startsAt?: Date } = {}) {
  const e = await db().engagement.create({
    data: {
      projectId: study.project.id,
      expertId,
      clientUserId: study.clientUser.id,
      origin: "application",
      state,
      completedAt: extra.completedAt ?? (state === "completed" ? new Date() : null),
      clientRating: extra.clientRating ?? null,
      events: { create: { actorSide: "system", kind: state, toState: state } },
    },
  });
  if (extra.startsAt) {
    await db().engagementSession.create({ data: { engagementId: e.id, startsAt: extra.startsAt, endsAt: new Date(extra.startsAt.getTime() + 45 * 60_000), status: state === "completed" ? "completed" : "scheduled" } });
  }
  return e;
}
