import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/tests/factories";
import { createStudy } from "@/tests/studies";
import { CLIENT_PROJECTS_PAGE_SIZE, listProjects } from "@/lib/projects/projects";

// The client's projects list shows a page at a time, newest first, from the project at the page's edge.

describe("the client's projects, a page at a time", () => {
  it("walks every project of the organization once, none of another's, and reads a foreign token as the first page", async () => {
    const mine = await createStudy({ title: "First of many" });
    const theirs = await createStudy({ title: "Another organization's" });
    const n = CLIENT_PROJECTS_PAGE_SIZE + 3;
    await db().$executeRaw`
      INSERT INTO projects (id, organization_id, client_user_id, title, description, project_type, compensation_cents, estimated_duration_minutes,
        location_type, deadline, status, quota, time_zone, visibility, created_at, updated_at)
      SELECT gen_random_uuid(), p.organization_id, p.client_user_id, 'Paged project ' || g, 'A paged project.', 'interview', 10000, 30, 'video',
        now() + interval '20 days', 'open', 3, 'America/New_York', 'open', now() - g * interval '1 minute', now()
      FROM projects p, generate_series(1, ${n - 1}) g WHERE p.id = ${mine.project.id}::uuid`;
    const client = actorFor(mine.clientUser, ["client"]);
    const expected = (
      await db().project.findMany({
        where: { clientUserId: mine.clientUser.id },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        select: { id: true },
      })
    ).map((p) => p.id);
    expect(expected).toHaveLength(n);

    const first = await listProjects(client);
    expect(first.rows).toHaveLength(CLIENT_PROJECTS_PAGE_SIZE);
    expect(first.rows[0].title).toBe("First of many");
    const second = await listProjects(client, { after: first.after! });
    expect([...first.rows, ...second.rows].map((p) => p.id)).toEqual(expected);
    expect(second.after).toBeNull();
    expect(second.rows.map((p) => p.id)).not.toContain(theirs.project.id);

    const garbled = await listProjects(client, { after: "not-a-token" });
    expect(garbled.rows.map((p) => p.id)).toEqual(first.rows.map((p) => p.id));
    // Another organization cannot walk into these pages with their tokens.
    const other = await listProjects(actorFor(theirs.clientUser, ["client"]), { after: first.after! });
    expect(other.rows).toEqual([]);
  });
});
