import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createClient, createExpert, organizationOf } from "@/tests/factories";
import { listShortlistPage, SHORTLIST_PAGE_SIZE } from "@/lib/projects/shortlists";

// The shortlist page shows a page at a time, newest first, with the whole list's total.

describe("the shortlist, a page at a time", () => {
  it("walks every shortlisted expert once, newest first, with the total, and reads a foreign token as the first page", async () => {
    const owner = await createClient();
    const client = actorFor(owner, ["client"]);
    const org = await organizationOf(owner.id);
    const other = await createClient();
    const n = SHORTLIST_PAGE_SIZE + 2;
    const experts = [];
    for (let i = 0; i < n; i++) experts.push((await createExpert({ verificationStatus: "verified", isPublicProfile: true })).expert);
    await db().shortlist.createMany({
      data: experts.map((e, i) => ({
        organizationId: org,
        clientUserId: owner.id,
        expertId: e.id,
        createdAt: new Date(Date.UTC(2026, 9, 1) + i * 60_000),
      })),
    });
    const newestFirst = [...experts].reverse().map((e) => e.id);

    const first = await listShortlistPage(client);
    expect(first).toMatchObject({ total: n, exact: true, before: null });
    expect(first.rows).toHaveLength(SHORTLIST_PAGE_SIZE);
    const second = await listShortlistPage(client, { after: first.after! });
    expect(second.after).toBeNull();
    expect([...first.rows, ...second.rows].map((r) => r.expert.id)).toEqual(newestFirst);

    expect((await listShortlistPage(client, { after: "not-a-token" })).rows.map((r) => r.expert.id)).toEqual(
      first.rows.map((r) => r.expert.id),
    );
    // Another organization's shortlist is its own, whatever token it sends.
    const theirs = await listShortlistPage(actorFor(other, ["client"]), { after: first.after! });
    expect(theirs).toMatchObject({ rows: [], total: 0 });
  });
});
