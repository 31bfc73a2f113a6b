import { randomBytes } from "node:crypto";
import { createAccount, withDb } from "../helpers";

// Rows for the engagement specs, written straight into the e2e database: a verified expert and
// a client of their own (the demo accounts are shared by specs running in parallel), a study
// (project + its Open opportunity, optionally with a screener), engagements in a given state,
// availability slots and a booked session. The shapes follow lib/projects/projects.ts
// (createProject) and lib/engagements/transitions.ts.

export const EXPERT_ZONE = "America/New_York";

/** A verified expert in New York's zone, with a finished profile. */
export async function newVerifiedExpert() {
  const account = await createAccount("expert");
  const expertId = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "UPDATE experts SET verification_status = 'verified', time_zone = $2 WHERE user_id = $1 RETURNING id",
      [account.userId, EXPERT_ZONE],
    );
    return rows[0].id;
  });
  return { ...account, expertId };
}

/** A client with a name and organization the expert sees once an engagement is accepted. */
export async function newClient() {
  const account = await createAccount("client");
  const organization = `Riverbank Research ${randomBytes(2).toString("hex")}`;
  await withDb(async (db) => {
    await db.query("UPDATE users SET first_name = 'Riley', last_name = 'Researcher' WHERE id = $1", [account.userId]);
    await db.query("UPDATE client_profiles SET organization = $2 WHERE user_id = $1", [account.userId, organization]);
    await db.query("UPDATE organizations SET name = $2 WHERE id = (SELECT organization_id FROM organization_members WHERE user_id = $1)", [
      account.userId,
      organization,
    ]);
  });
  return { ...account, name: "Riley Researcher", organization };
}

export type ScreenerQuestionRow = {
  id: string;
  text: string;
  kind: "single" | "multiple";
  options: { id: string; label: string; effect: "qualify" | "neutral" | "disqualify" }[];
};

/**
 * The expert's Open list searched for one study's title: the list comes a page at a time by
 * deadline, so a spec's own study among many others is found by its title.
 */
export const openListOf = (title: string) => `/dashboard?tab=opportunities&q=${encodeURIComponent(title)}`;

/** An open study: the project, its screener (if any) and the opportunity experts see as Open. */
export async function createStudy(
  client: { userId: string; organization: string },
  opts: { title?: string; screener?: ScreenerQuestionRow[]; minutes?: number } = {},
) {
  const title = opts.title ?? `Study ${randomBytes(4).toString("hex")}`;
  const minutes = opts.minutes ?? 30;
  const description = "A short interview about how your school plans intervention time.";
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO projects (id, organization_id, client_user_id, title, description, project_type, compensation_cents, estimated_duration_minutes, location_type, deadline, status, quota, time_zone, visibility, updated_at)
       VALUES (gen_random_uuid(), (SELECT organization_id FROM organization_members WHERE user_id = $1), $1, $2, $3, 'interview', 12500, $4, 'video', now() + interval '30 days', 'open', 5, $5, 'open', now()) RETURNING id`,
      [client.userId, title, description, minutes, EXPERT_ZONE],
    );
    const projectId = rows[0].id;
    if (opts.screener) {
      const s = await db.query<{ id: string }>(
        "INSERT INTO screeners (id, project_id, version, questions) VALUES (gen_random_uuid(), $1, 1, $2) RETURNING id",
        [projectId, JSON.stringify(opts.screener)],
      );
      await db.query("UPDATE projects SET screener_id = $2 WHERE id = $1", [projectId, s.rows[0].id]);
    }
    const o = await db.query<{ id: string }>(
      `INSERT INTO opportunities (id, title, client_organization, description, compensation_cents, opportunity_type, estimated_duration_minutes, location_type, deadline, status, project_id, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 12500, 'interview', $4, 'video', now() + interval '30 days', 'open', $5, now()) RETURNING id`,
      [title, client.organization, description, minutes, projectId],
    );
    return { projectId, opportunityId: o.rows[0].id, title, minutes };
  });
}

/**
 * An engagement the client started with an invite, in `state` (invited, accepted or
 * scheduled), with the history events that lead there.
 */
export async function createInviteEngagement(
  study: { projectId: string },
  expert: { expertId: string; userId: string },
  client: { userId: string },
  state: "invited" | "accepted",
  message = "We would value your view on intervention scheduling.",
) {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, message, incentive_cents, updated_at)
       SELECT gen_random_uuid(), p.id, $2, $3, p.organization_id, 'invite', $4, $5, p.compensation_cents, now() FROM projects p WHERE p.id = $1 RETURNING id`,
      [study.projectId, expert.expertId, client.userId, state, message],
    );
    const id = rows[0].id;
    await db.query(
      `INSERT INTO engagement_events (id, engagement_id, actor_user_id, actor_side, kind, from_state, to_state, created_at)
       VALUES (gen_random_uuid(), $1, $2, 'client', 'invited', NULL, 'invited', now() - interval '2 minutes')`,
      [id, client.userId],
    );
    if (state === "accepted") {
      await db.query(
        `INSERT INTO engagement_events (id, engagement_id, actor_user_id, actor_side, kind, from_state, to_state, created_at)
         VALUES (gen_random_uuid(), $1, $2, 'expert', 'accepted', 'invited', 'accepted', now() - interval '1 minute')`,
        [id, expert.userId],
      );
    }
    return id;
  });
}

/** "YYYY-MM-DD" of the first Tuesday at least `days` days ahead (a school day under the default calendar). */
export function schoolDayAhead(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A free availability slot of the expert (wall-clock times in the expert's zone). */
export async function addSlot(expertId: string, date: string, start: string, end: string) {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO availability_slots (id, expert_id, date, start_time, end_time, timezone) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5) RETURNING id",
      [expertId, date, start, end, EXPERT_ZONE],
    );
    return rows[0].id;
  });
}

/** Moves an accepted engagement to scheduled on one of the expert's slots (the slot is taken). */
export async function bookSession(engagementId: string, slotId: string, minutes: number, expertUserId: string) {
  return withDb(async (db) => {
    const slot = await db.query<{ starts_at: Date }>(
      "UPDATE availability_slots SET is_available = false WHERE id = $1 RETURNING ((date + start_time::time) AT TIME ZONE timezone) AS starts_at",
      [slotId],
    );
    const startsAt = slot.rows[0].starts_at;
    await db.query(
      `INSERT INTO engagement_sessions (id, engagement_id, starts_at, ends_at, slot_id, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $2::timestamptz + make_interval(mins => $3), $4, now())`,
      [engagementId, startsAt, minutes, slotId],
    );
    await db.query("UPDATE engagements SET state = 'scheduled' WHERE id = $1", [engagementId]);
    await db.query(
      `INSERT INTO engagement_events (id, engagement_id, actor_user_id, actor_side, kind, from_state, to_state)
       VALUES (gen_random_uuid(), $1, $2, 'expert', 'scheduled', 'accepted', 'scheduled')`,
      [engagementId, expertUserId],
    );
    return startsAt;
  });
}

/** The engagement's state and its session's start, as stored. */
export async function engagementRow(engagementId: string) {
  return withDb(async (db) => {
    const { rows } = await db.query<{ state: string; starts_at: Date | null; session_status: string | null; cancel_reason: string | null }>(
      `SELECT e.state, s.starts_at, s.status AS session_status, e.cancel_reason FROM engagements e LEFT JOIN engagement_sessions s ON s.engagement_id = e.id WHERE e.id = $1`,
      [engagementId],
    );
    return rows[0];
  });
}

/** The expert's engagement in a project (after applying through the page). */
export async function engagementOf(projectId: string, expertId: string) {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: string; state: string }>(
      "SELECT id, state FROM engagements WHERE project_id = $1 AND expert_id = $2",
      [projectId, expertId],
    );
    return rows[0] ?? null;
  });
}

/** The reasons written into an engagement's history, oldest first. */
export async function eventReasons(engagementId: string) {
  return withDb(async (db) => {
    const { rows } = await db.query<{ kind: string; reason: string | null }>(
      "SELECT kind, reason FROM engagement_events WHERE engagement_id = $1 ORDER BY created_at",
      [engagementId],
    );
    return rows;
  });
}

/** Marks an expert as still under review (the board shows why they cannot apply). */
export async function setVerification(expertId: string, status: "pending" | "rejected" | "verified") {
  await withDb((db) => db.query("UPDATE experts SET verification_status = $2 WHERE id = $1", [expertId, status]));
}

/** A time the client proposed for an accepted engagement. */
export async function addProposal(engagementId: string, startsAt: Date) {
  await withDb((db) =>
    db.query("INSERT INTO time_proposals (id, engagement_id, starts_at) VALUES (gen_random_uuid(), $1, $2)", [engagementId, startsAt]),
  );
}

/** The meeting link the client set on a scheduled session. */
export async function setMeetingUrl(engagementId: string, url: string) {
  await withDb((db) => db.query("UPDATE engagement_sessions SET meeting_url = $2 WHERE engagement_id = $1", [engagementId, url]));
}

/** Whether an availability slot is still free to book. */
export async function slotAvailable(slotId: string) {
  return withDb(
    async (db) =>
      (await db.query<{ is_available: boolean }>("SELECT is_available FROM availability_slots WHERE id = $1", [slotId])).rows[0]
        .is_available,
  );
}

/** Moves a booked session so it started an hour ago (time passing, without waiting). */
export async function startedAnHourAgo(engagementId: string) {
  await withDb((db) =>
    db.query(
      "UPDATE engagement_sessions SET starts_at = now() - interval '1 hour', ends_at = now() - interval '15 minutes' WHERE engagement_id = $1",
      [engagementId],
    ),
  );
}
