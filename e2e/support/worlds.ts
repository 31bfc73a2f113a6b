import { request, test as base, type APIRequestContext } from "@playwright/test";
import type { FuzzCaller } from "../fuzz/targets";
import { e2eDb, type E2eDb } from "../helpers";
import { NO_KEEP_ALIVE, buildWorld, createAccount, signedInContext, type Person, type World } from "./identities";

/** The fuzzer's callers: a signed-out client and three new accounts of its own, one per role. */
export type FuzzWorld = {
  callers: Record<FuzzCaller, { http: APIRequestContext; person: Person | null }>;
  fuzzExpert: Person;
  /** The fuzz expert's row in `experts` ($2 of a target's snapshot). */
  expertRowId: string;
  fixtures: Record<string, string>;
};

type WorkerFixtures = {
  /** One connection to the e2e database per worker (set-up rows, "still there" and snapshot queries). */
  workerDb: E2eDb;
  /** The access matrix's identities, signed in once per worker (identities.ts). */
  world: World;
  fuzzWorld: FuzzWorld;
};

/**
 * The worlds the access matrix and the fuzzer run in, built once per worker and shared by every
 * row (or target) that worker runs: each row is its own test, so both workers share the table and
 * a failure names its row. Each worker builds its own world (new accounts, new rows), so rows
 * running at once on the two workers never share a session or a fixture row. A worker that saw a
 * failure is replaced, and its successor builds a fresh world.
 */
export const test = base.extend<object, WorkerFixtures>({
  workerDb: [
    async ({}, provide) => {
      const db = await e2eDb();
      await provide(db);
      await db.end();
    },
    { scope: "worker" },
  ],
  world: [
    async ({}, provide, workerInfo) => {
      const world = await buildWorld(baseUrlOf(workerInfo.project.use.baseURL));
      await provide(world);
      await world.dispose();
    },
    // Fifteen sign-ins (a slow password hash each) on a loaded machine.
    { scope: "worker", timeout: 180_000 },
  ],
  fuzzWorld: [
    async ({ workerDb: db }, provide, workerInfo) => {
      const baseURL = baseUrlOf(workerInfo.project.use.baseURL);
      const fuzzExpert = await createAccount(db, { role: "expert", firstName: "Fuzz", lastName: "Expert" });
      const fuzzAdmin = await createAccount(db, { role: "admin", firstName: "Fuzz", lastName: "Admin" });
      const fuzzClient = await createAccount(db, { role: "client", firstName: "Fuzz", lastName: "Client" });
      const expertRowId = (await db.query<{ id: string }>("SELECT id FROM experts WHERE user_id = $1", [fuzzExpert.userId])).rows[0].id;
      const callers: FuzzWorld["callers"] = {
        anon: { http: await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, ...NO_KEEP_ALIVE } }), person: null },
        fuzzExpert: { http: await signedInContext(baseURL, fuzzExpert.email), person: fuzzExpert },
        fuzzClient: { http: await signedInContext(baseURL, fuzzClient.email), person: fuzzClient },
        fuzzAdmin: { http: await signedInContext(baseURL, fuzzAdmin.email), person: fuzzAdmin },
      };
      await provide({ callers, fuzzExpert, expertRowId, fixtures: { demoExpertId: expertRowId } });
      await Promise.all(Object.values(callers).map((c) => c.http.dispose()));
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

function baseUrlOf(baseURL: string | undefined): string {
  if (!baseURL) throw new Error("playwright.config.ts sets use.baseURL");
  return baseURL;
}
