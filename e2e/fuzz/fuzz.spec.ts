import { expect, test, type APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { e2eDb } from "../helpers";
import { createAccount, signedInContext, type Person } from "../support/identities";
import { actionPage, callAction } from "../support/server-actions";
import { FUZZ_TARGETS, type FuzzCaller, type FuzzTarget } from "./targets";

// Fixed seed and bounded runs: the same payloads every time, well under two minutes.
const SEED = 20_260_508;
const DEFAULT_RUNS = 80;

// ---- generators ---------------------------------------------------------------------------
const FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(5)--",
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "{{7*7}}${7*7}",
  "../../../../etc/passwd",
  "\u0000\u0001\u001f",
  "\u202e\u200b\ufeff",
  "𝕳𝖊𝖑𝖑𝖔 😀👩‍👩‍👧 مرحبا 你好",
  "null",
  "NaN",
  "-1",
  "1e309",
  "__proto__",
  "7d1c2a4e-0000-4000-8000-00000000dead",
  "00000000-0000-0000-0000-000000000000",
  "2024-02-30",
  "25:99",
  "Not/AZone",
];
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(...FRAGMENTS),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => "A".repeat(n)),
  fc.constantFrom(...FRAGMENTS).map((f) => f.repeat(500)),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, -0, 0.5, 6, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308),
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }) },
);
const JUNK_KEYS = ["__proto__", "constructor", "role", "roles", "isAdmin", "userId", "expertId", "id", "admin", "$where"];

type Payload = { body: string; contentType: string; label: string };

const payloads = (fields: string[]): fc.Arbitrary<Payload> => {
  const keys = fc.constantFrom(...fields, ...JUNK_KEYS);
  const object = fc.dictionary(keys, hostileValue, { maxKeys: fields.length + 3 });
  const json = (v: unknown, label: string) => ({ body: JSON.stringify(v), contentType: "application/json", label });
  return fc.oneof(
    { weight: 6, arbitrary: object.map((o) => json(o, "object")) },
    { weight: 1, arbitrary: hostileValue.map((v) => json(v, "non-object")) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("{", '{"a":', "[]]", "{'single':1}", "\u0000", "%7B%7D", '{"a":1}garbage', "{".repeat(5_000))
        .map((body) => ({ body, contentType: "application/json", label: "malformed JSON" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          object,
          fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/xml",
            "multipart/form-data; boundary=x",
            "image/png",
            "",
          ),
        )
        .map(([o, contentType]) => ({ body: JSON.stringify(o), contentType, label: `wrong type ${contentType || "(none)"}` })),
    },
  );
};

/** Server actions take their arguments as a JSON array; malformed bodies are sent as they are. */
const actionBody = (p: Payload) => {
  if (p.label === "object" || p.label === "non-object") return { body: `[${p.body}]`, contentType: "text/plain;charset=UTF-8" };
  return { body: p.body, contentType: p.contentType || "text/plain;charset=UTF-8" };
};

// ---- the run ------------------------------------------------------------------------------
type Tally = { sent: number; rejected: number; accepted: number; fiveXX: number; problems: string[] };

test("hostile input: every route handler and server action answers 4xx with a message and changes nothing", async ({ baseURL }) => {
  // Every target with its payloads, each a real request that may re-render the page it came from: minutes, not seconds.
  test.setTimeout(480_000);
  const db = await e2eDb();
  const fuzzExpert = await createAccount(db, { role: "expert", firstName: "Fuzz", lastName: "Expert" });
  const fuzzAdmin = await createAccount(db, { role: "admin", firstName: "Fuzz", lastName: "Admin" });
  const fuzzClient = await createAccount(db, { role: "client", firstName: "Fuzz", lastName: "Client" });
  const expertRowId = (await db.query<{ id: string }>("SELECT id FROM experts WHERE user_id = $1", [fuzzExpert.userId])).rows[0].id;
  const callers: Record<FuzzCaller, { http: APIRequestContext; person: Person | null }> = {
    anon: {
      http: await (await import("@playwright/test")).request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } }),
      person: null,
    },
    fuzzExpert: { http: await signedInContext(baseURL!, fuzzExpert.email), person: fuzzExpert },
    fuzzClient: { http: await signedInContext(baseURL!, fuzzClient.email), person: fuzzClient },
    fuzzAdmin: { http: await signedInContext(baseURL!, fuzzAdmin.email), person: fuzzAdmin },
  };
  const fixtures: Record<string, string> = { demoExpertId: expertRowId };
  const snapshot = async (t: FuzzTarget) => {
    if (!t.snapshot) return null;
    const params = (
      t.snapshot.includes("$2")
        ? [fuzzExpert.userId, expertRowId]
        : t.snapshot.includes("$1")
          ? [callers[t.as].person?.userId ?? fuzzExpert.userId]
          : []
    ) as string[];
    // $1 is the caller (the fuzz admin for admin targets), $2 the fuzz expert row.
    if (t.snapshot.includes("$2")) params[0] = callers[t.as].person?.userId ?? fuzzExpert.userId;
    const { rows } = await db.query<Record<string, string>>(t.snapshot, params);
    return Object.values(rows[0])[0];
  };

  const totals: Record<string, Tally> = {};
  const started = Date.now();
  try {
    for (const target of FUZZ_TARGETS) {
      const tally: Tally = { sent: 0, rejected: 0, accepted: 0, fiveXX: 0, problems: [] };
      totals[target.name] = tally;
      const via = target.action
        ? (target.via ?? actionPage(target.action)).replace(/\{(\w+)\}/g, (a, k: string) => fixtures[k] ?? a)
        : undefined;
      await fc.assert(
        fc.asyncProperty(payloads(target.fields), async (payload) => {
          const before = await snapshot(target);
          const { http } = callers[target.as];
          tally.sent++;
          let status: number;
          let rejected: boolean;
          let message: string | undefined;
          let raw: string;
          const ip: Record<string, string> = target.distinctIp ? { "x-forwarded-for": `10.77.${tally.sent >> 8}.${tally.sent & 255}` } : {};
          if (target.http) {
            const res =
              target.http.method === "GET"
                ? await http.get(`${target.http.path}?q=${encodeURIComponent(payload.body.slice(0, 2_000))}`, {
                    maxRedirects: 0,
                    headers: ip,
                  })
                : await http.fetch(target.http.path, {
                    method: target.http.method,
                    headers: { "content-type": payload.contentType, ...ip },
                    data: payload.body,
                    maxRedirects: 0,
                  });
            status = res.status();
            raw = await res.text();
            rejected = status >= 300;
            try {
              const parsed = JSON.parse(raw) as { error?: unknown; message?: unknown };
              message = [parsed.error, parsed.message].find((m): m is string => typeof m === "string" && m.length > 0);
            } catch {
              message = undefined;
            }
            // next-auth answers a refused sign-in with a redirect to its error page (a message in the URL).
            if (status >= 300 && status < 400) message = res.headers()["location"];
          } else {
            const { body, contentType } = actionBody(payload);
            const answer = await callAction(http, target.action!, null, { via, body, contentType, headers: ip });
            status = answer.status;
            raw = answer.raw;
            rejected = answer.status >= 400 || !answer.result?.ok;
            message = answer.result?.message;
            if (!message && answer.status >= 400) {
              try {
                message = (JSON.parse(answer.raw) as { error?: string }).error;
              } catch {
                message = undefined;
              }
            }
          }
          const where = `${target.name} ← ${payload.label} ${payload.body.slice(0, 120)}`;
          if (status >= 500) {
            tally.fiveXX++;
            tally.problems.push(`${status} from ${where}: ${raw.slice(0, 200)}`);
            return;
          }
          if (!rejected) {
            tally.accepted++;
            if (!target.mayAccept) tally.problems.push(`accepted ${where}`);
            return;
          }
          tally.rejected++;
          if (!message) tally.problems.push(`rejected without a message (${status}) ${where}: ${raw.slice(0, 200)}`);
          const after = await snapshot(target);
          if (before !== after) tally.problems.push(`rows changed by a rejected request: ${where}`);
        }),
        { seed: SEED, numRuns: target.runs ?? DEFAULT_RUNS, endOnFailure: true },
      );
    }
  } finally {
    await Promise.all(Object.values(callers).map((c) => c.http.dispose()));
    await db.end();
  }

  const all = Object.values(totals);
  const sum = (k: "sent" | "rejected" | "accepted" | "fiveXX") => all.reduce((n, t) => n + t[k], 0);
  const problems = Object.entries(totals).flatMap(([name, t]) => t.problems.slice(0, 5).map((p) => `${name}: ${p}`));
  console.log(
    `\nfuzz: ${sum("sent")} payloads to ${FUZZ_TARGETS.length} targets (seed ${SEED}) in ${((Date.now() - started) / 1000).toFixed(1)} s — ` +
      `${sum("rejected")} rejected, ${sum("accepted")} accepted, ${sum("fiveXX")} 5xx, ${problems.length} problems\n` +
      Object.entries(totals)
        .map(
          ([name, t]) =>
            `  ${name.padEnd(40)} sent ${String(t.sent).padStart(4)}  rejected ${String(t.rejected).padStart(4)}  5xx ${t.fiveXX}`,
        )
        .join("\n") +
      (problems.length ? `\n  PROBLEMS:\n  ${problems.join("\n  ")}` : ""),
  );
  expect(sum("sent")).toBeGreaterThanOrEqual(1_000);
  expect(problems).toEqual([]);
});
