import { expect, test } from "@playwright/test";
import { signInAs, withDb } from "../helpers";
import { callAction } from "../support/server-actions";

// The access matrix's district research officer: district@example.com is an officer of Westside
// Mesa ISD (the demo seed). Against the running server, over HTTP: they see and change their own
// district's office and nothing of another district (its policy, its officers, its requests, its
// invitations are "not found"), and the admin's district pages and letter checks stay closed to them.

const OWN = "4899902";
/** Posts the action through the officer's own page (the others are admins' or clients'). */
const act = (http: Parameters<typeof callAction>[0], ref: string, input: unknown) =>
  callAction(http, ref, input, { via: "/district-office" });
const OTHER = "1799902";

test("an officer of one district sees nothing of another district", async ({ page }) => {
  await signInAs(page, "district@example.com");
  const http = page.request;

  // The office page shows their own district only.
  const office = await http.get("/district-office");
  expect(office.status()).toBe(200);
  const html = await office.text();
  expect(html).toContain("Westside Mesa ISD");
  expect(html).not.toContain("Lakeshore Township SD");

  // The admin's district pages are the admin's.
  const admin = await http.get(`/admin/districts/${OTHER}`, { maxRedirects: 0 });
  expect(admin.status()).toBe(307);
  expect(admin.headers()["location"]).toContain("/access-restricted");

  const policy = { approvalRequired: "no", source: "An officer's attempt", sourceDate: "2026-10-01", documents: [] };
  const otherPolicy = await act(http, "lib/districts/actions/research-policies.ts#saveDistrictPolicyAction", {
    leaid: OTHER,
    policy,
  });
  expect(otherPolicy.result).toMatchObject({ ok: false, message: "District not found." });
  const grant = await act(http, "lib/districts/actions/research-policies.ts#grantDistrictOfficerAction", {
    leaid: OTHER,
    email: "linda.park@example.com",
  });
  expect(grant.result).toMatchObject({ ok: false, message: "District not found." });

  // Another district's request (the demo study's declined one): not found, and unchanged.
  const otherRequest = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string; status: string }>(
      "SELECT id, status FROM project_district_approvals WHERE leaid = $1 ORDER BY created_at LIMIT 1",
      [OTHER],
    );
    return rows[0];
  });
  const answer = await act(http, "lib/projects/actions/district-approvals.ts#answerDistrictRequestAction", {
    approvalId: otherRequest.id,
    answer: "approve",
  });
  expect(answer.result).toMatchObject({ ok: false, message: "Request not found." });
  const after = await withDb(
    async (db) => (await db.query("SELECT status FROM project_district_approvals WHERE id = $1", [otherRequest.id])).rows[0],
  );
  expect(after.status).toBe(otherRequest.status);
  const stillOther = await withDb(
    async (db) => (await db.query("SELECT approval_required FROM district_research_policies WHERE leaid = $1", [OTHER])).rows[0],
  );
  expect(stillOther.approval_required).toBe("yes");

  // Inviting a colleague: never into another district; only on their own district's domain.
  const otherInvite = await act(http, "lib/experts/actions/officer-invites.ts#inviteDistrictOfficerAction", {
    leaid: OTHER,
    email: "colleague@lakeshoretownshipsd.example",
  });
  expect(otherInvite.result).toMatchObject({ ok: false, message: "District not found." });
  const offDomain = await act(http, "lib/experts/actions/officer-invites.ts#inviteDistrictOfficerAction", {
    leaid: OWN,
    email: `colleague-${Date.now()}@gmail.com`,
  });
  expect(offDomain.result).toMatchObject({ ok: false, message: expect.stringMatching(/own domain\.$/) });
  const invitesOfOther = await withDb(
    async (db) => (await db.query("SELECT count(*)::int AS n FROM district_officer_invites WHERE leaid = $1", [OTHER])).rows[0].n,
  );
  expect(invitesOfOther).toBe(0);
  // Letters are checked by admins only, and an officer reads none.
  const review = await callAction(
    http,
    "lib/projects/actions/district-letters.ts#reviewApprovalLetterAction",
    { letterId: "7d1c2a4e-0000-4000-8000-00000000dead", decision: "accept" },
    { via: "/admin/districts/letters" },
  );
  // The proxy refuses the admin page the action is posted to, or the action itself refuses: it never runs.
  const refusedReview = review.result
    ? !review.result.ok && /requires admin access/.test(review.result.message ?? "")
    : /\/access-restricted/.test(review.response.headers()["location"] ?? "");
  expect(refusedReview, `${review.status}: ${review.raw.slice(0, 200)}`).toBe(true);
  const letter = await http.get("/api/district-letters/7d1c2a4e-0000-4000-8000-00000000dead");
  expect(letter.status()).toBe(403);

  // Their own district's policy: theirs to publish.
  const own = await act(http, "lib/districts/actions/research-policies.ts#saveDistrictPolicyAction", {
    leaid: OWN,
    policy: {
      approvalRequired: "yes",
      scope: "school_hours_or_devices",
      officeEmail: "research@westsidemesaisd.example",
      typicalReviewDays: 14,
      documents: ["application", "instruments"],
      source: "Sample policy (demo seed, not real data)",
      sourceDate: "2026-10-01",
    },
  });
  expect(own.result).toMatchObject({ ok: true });
});
