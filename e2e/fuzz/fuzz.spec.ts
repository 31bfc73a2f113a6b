import { expect } from "@playwright/test";
import fc from "fast-check";
import { actionPage, callAction } from "../support/server-actions";
import { FUZZ_ATTACHMENT, type FuzzTally } from "../support/tallies";
import { test } from "../support/worlds";
import { FUZZ_TARGETS, type FuzzTarget } from "./targets";

// One test per target (both workers share them; a failure names its target), each sending the
// target's payloads from a fixed seed: the same payloads every run, whichever worker runs it.
// The summary reporter prints the number of payloads sent at the end.
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
// Target names are unique in targets.ts; the index keeps titles unique if two ever match.
FUZZ_TARGETS.forEach((target, index) => {
  test(`target ${String(index + 1).padStart(3, "0")}: ${target.name}`, async ({ fuzzWorld, workerDb: db }, testInfo) => {
    // Up to 80 payloads of up to 300 kB, each a real request that may re-render the page it came
    // from: seconds to a minute, with a margin for a loaded machine.
    test.setTimeout(240_000);
    const { callers, fuzzExpert, expertRowId, fixtures } = fuzzWorld;
    const snapshot = async (t: FuzzTarget) => {
      if (!t.snapshot) return null;
      // $1 is the caller (the fuzz admin for admin targets, else the fuzz expert), $2 the fuzz expert row.
      const caller = callers[t.as].person?.userId ?? fuzzExpert.userId;
      const params = t.snapshot.includes("$2") ? [caller, expertRowId] : t.snapshot.includes("$1") ? [caller] : [];
      const { rows } = await db.query<Record<string, string>>(t.snapshot, params);
      return Object.values(rows[0])[0];
    };

    const started = Date.now();
    const tally = { sent: 0, rejected: 0, accepted: 0, fiveXX: 0, problems: [] as string[] };
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
              ? await http.get(
                  `${target.http.path}${target.http.path.includes("?") ? "&" : "?"}${target.param ?? "q"}=${encodeURIComponent(payload.body.slice(0, 2_000))}`,
                  {
                    maxRedirects: 0,
                    headers: ip,
                  },
                )
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

    const { problems, ...counts } = tally;
    const result: FuzzTally = { target: target.name, seed: SEED, ...counts, problems: problems.length, ms: Date.now() - started };
    await testInfo.attach(FUZZ_ATTACHMENT, { body: JSON.stringify(result), contentType: "application/json" });
    expect(tally.sent, "every payload of the target was sent").toBe(target.runs ?? DEFAULT_RUNS);
    expect(problems.slice(0, 5), `${problems.length} problems from ${tally.sent} payloads (the first five)`).toEqual([]);
  });
});
