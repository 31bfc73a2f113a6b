import { describe, expect, it } from "vitest";
import { postExpertsSearch } from "../helpers/experts-search";
import { buildSitemap } from "@/lib/site/sitemap";
import { createClient, createExpert, createUser, bearerTokenFor } from "../factories";

// POST /api/experts-search through its real handler (Bearer auth, zod, error mapping), and the
// sitemap XML built from the database.

describe("POST /api/experts-search", () => {
  it("answers {experts, total, page} for a client, 401 without a token, 403 for an expert, 400 for bad filters", async () => {
    const { expert } = await createExpert({
      state: "TX",
      roleTitle: "Superintendent",
      organizationName: "Hidden ISD",
      showOrganization: false,
    });
    const client = await createClient();
    const token = await bearerTokenFor({ id: client.id });

    const res = await postExpertsSearch({ state: "TX", role: "super" }, token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.data.page).toBe(1);
    expect(body.data.total).toBeGreaterThanOrEqual(1);
    const found = body.data.experts.find((e: { id: string }) => e.id === expert.id);
    expect(found.organizationName).toBeNull();
    expect(JSON.stringify(body)).not.toMatch(/Hidden ISD|@/);

    // Without a token the handler reads the cookie jar, which needs a real request: e2e/directory.spec.ts covers the 401.
    const expertUser = await createUser({ roles: ["expert"] });
    expect((await postExpertsSearch({}, await bearerTokenFor({ id: expertUser.id }))).status).toBe(403);
    for (const bad of [{ rateMin: "lots" }, { state: "ZZ" }, { page: -1 }, { variant: "nope" }, "{not json"]) {
      const r = await postExpertsSearch(bad, token);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect((await r.json()).success).toBe(false);
    }
  });
});

describe("sitemap.xml", () => {
  it("lists the public routes and verified public profiles with lastmod, nothing else", async () => {
    const listed = (await createExpert()).expert;
    const pending = (await createExpert({ verificationStatus: "pending" })).expert;
    const hidden = (await createExpert({ isPublicProfile: false })).expert;
    const xml = await buildSitemap("https://k12.example");
    expect(xml).toContain("<loc>https://k12.example/</loc>");
    expect(xml).toContain("<loc>https://k12.example/experts</loc>");
    expect(xml).toContain(`<loc>https://k12.example/experts/${listed.id}</loc><lastmod>${listed.updatedAt.toISOString()}</lastmod>`);
    expect(xml).not.toContain(pending.id);
    expect(xml).not.toContain(hidden.id);
    expect(xml).not.toMatch(/\/(admin|client|dashboard|onboarding)/);
  });
});
