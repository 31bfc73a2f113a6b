// The workloads of `npm run test:load`, one row per kind. To add a kind, add an object:
//
//   {
//     name: "my-kind",             // shown in the summary table
//     weight: 3,                   // relative share of the requests
//     probe: async (ctx) => null | "why it is skipped",   // optional: runs once before the load;
//                                  //   use routeMissing() so a route not merged yet is skipped
//     run: async (user, ctx) => ({ outcome, ack?, detail? }),
//                                  //   outcome: "ok" | "refused" (an expected 4xx / business refusal)
//                                  //            | "unavailable" (503 / 'temporarily unavailable')
//                                  //            | "error" (anything else: 5xx, hang, wrong body)
//                                  //   ack: what an acknowledged write must have left in the database
//     verify: async (acks, ctx) => ({ pass, detail }),    // optional: after the run, with the DB back
//     verifyAfterFaults: async (acks, ctx) => ({ name, pass, detail }),   // optional extra check
//   }
//
// `user` is { index, email, userId, expertId, clientEmail (their own client account, not signed in
// yet), browser (signed in as the expert, cookies kept), iteration };
// `ctx` is { base, appDir (the build the server runs), pool (pg, straight to the database), users, notes }.
import { randomUUID } from "node:crypto";
import { Browser, signIn, callAction, actionId, PASSWORD, sleep } from "./harness.mjs";

const UNAVAILABLE = /temporarily unavailable/i;

/** Classifies an HTTP answer of a JSON route handler ({ success, data|error }). */
async function fromJsonRoute(res) {
  const body = await res.json().catch(() => null);
  if (res.status >= 200 && res.status < 300 && body?.success) return { outcome: "ok", body };
  if (res.status === 503) return { outcome: "unavailable" };
  if (res.status >= 400 && res.status < 500 && res.status !== 404)
    return { outcome: "refused", detail: `${res.status} ${body?.error ?? ""}` };
  return { outcome: "error", detail: `${res.status} ${JSON.stringify(body)?.slice(0, 200)}` };
}

/** Classifies a server action's answer ({ ok, data } | { ok: false, message }). */
function fromAction({ status, result }) {
  if (status === 200 && result?.ok) return { outcome: "ok", data: result.data };
  if (status === 200 && result && !result.ok)
    return { outcome: UNAVAILABLE.test(result.message) ? "unavailable" : "refused", detail: result.message };
  if (status === 503) return { outcome: "unavailable" };
  return { outcome: "error", detail: `HTTP ${status} ${JSON.stringify(result)}` };
}

/** null when `method path` exists on this build; a reason to skip otherwise. */
async function routeMissing(ctx, path, init = {}) {
  const res = await fetch(ctx.base + path, { redirect: "manual", ...init });
  await res.arrayBuffer();
  return res.status === 404 ? `${init.method ?? "GET"} ${path} answers 404 (not on this branch yet)` : null;
}

const pageOutcome = (res) => (res.status === 200 ? "ok" : res.status === 503 ? "unavailable" : "error");

/** A refused sign-in: "unavailable" when the app said so (database down), an error otherwise. */
function signInRefusal(r) {
  if (r.status === 503 || UNAVAILABLE.test(r.error ?? "") || /unexpected error/i.test(r.error ?? "")) return { outcome: "unavailable" };
  return { outcome: "error", detail: `sign-in ${r.status} ${r.error}` };
}

async function signedInClient(ctx, email, address) {
  const browser = new Browser(ctx.base, { address });
  const r = await signIn(browser, email, PASSWORD, "client");
  return r.ok ? { browser } : { refusal: signInRefusal(r) };
}

let opportunityIds;
async function openOpportunities(ctx) {
  opportunityIds ??= (await ctx.pool.query("SELECT id FROM opportunities WHERE status = 'open' ORDER BY created_at")).rows.map((r) => r.id);
  return opportunityIds;
}

let publicExpertIds;
async function publicExperts(ctx) {
  publicExpertIds ??= (
    await ctx.pool.query("SELECT id FROM experts WHERE verification_status = 'verified' AND is_public_profile ORDER BY created_at LIMIT 20")
  ).rows.map((r) => r.id);
  return publicExpertIds;
}

const countBy = (items, key) => items.reduce((m, x) => m.set(key(x), (m.get(key(x)) ?? 0) + 1), new Map());

export const KINDS = [
  {
    // A fresh sign-in (argon2 on the server). Each success writes one sign_in_attempts row.
    name: "sign-in",
    weight: 1,
    async run(user) {
      const b = new Browser(user.browser.base, { address: user.browser.address });
      const r = await signIn(b, user.email, PASSWORD);
      if (r.ok) return { outcome: "ok", ack: { email: user.email } };
      return signInRefusal(r);
    },
    async verify(acks, ctx) {
      const expected = countBy(acks, (a) => a.email);
      const emails = [...expected.keys()];
      const { rows } = await ctx.pool.query(
        "SELECT email, count(*)::int AS n FROM sign_in_attempts WHERE succeeded AND email = ANY($1) GROUP BY email",
        [emails],
      );
      // Each user also signed in once before the clock started (and during the warm-up).
      const found = new Map(rows.map((r) => [r.email, r.n]));
      const missing = emails.filter((e) => (found.get(e) ?? 0) < expected.get(e));
      return {
        pass: missing.length === 0,
        detail: `${acks.length} acknowledged sign-ins; ${missing.length} users with fewer stored attempts than acknowledged`,
      };
    },
  },
  {
    name: "session (GET /api/me)",
    weight: 4,
    async run(user) {
      const res = await user.browser.fetch("/api/me");
      const body = await res.json().catch(() => null);
      if (res.status === 200 && body?.data?.email === user.email) return { outcome: "ok" };
      return { outcome: res.status === 503 ? "unavailable" : "error", detail: `${res.status}` };
    },
  },
  {
    name: "dashboard page",
    weight: 3,
    async run(user) {
      const res = await user.browser.fetch("/dashboard");
      await res.arrayBuffer();
      return { outcome: pageOutcome(res), detail: `${res.status}` };
    },
  },
  {
    // Apply (server action). One engagement per (project, expert): a second apply returns the first.
    name: "apply (action)",
    weight: 2,
    async probe(ctx) {
      return (await openOpportunities(ctx)).length ? null : "no open opportunity in the seed";
    },
    async run(user, ctx) {
      const ids = await openOpportunities(ctx);
      const opportunityId = ids[(user.index + user.iteration) % ids.length];
      const r = fromAction(
        // Applying is the expert's acceptance, so it carries their outside-activity confirmation, as the dialog sends it.
        await callAction(user.browser, "/dashboard", actionId("applyAction", "lib/engagements/actions/expert-dashboard", ctx.appDir), {
          opportunityId,
          outsideActivityConfirmed: true,
        }),
      );
      return r.outcome === "ok" ? { outcome: "ok", ack: { expertId: user.expertId, opportunityId } } : r;
    },
    async verify(acks, ctx) {
      const { rows } = await ctx.pool.query(
        `SELECT e.expert_id, o.id AS opportunity_id, count(*)::int AS n FROM engagements e
           JOIN opportunities o ON o.project_id = e.project_id
          WHERE e.expert_id = ANY($1::uuid[]) GROUP BY 1, 2`,
        [ctx.users.map((u) => u.expertId)],
      );
      const stored = new Map(rows.map((r) => [`${r.expert_id}/${r.opportunity_id}`, r.n]));
      const bad = acks.filter((a) => stored.get(`${a.expertId}/${a.opportunityId}`) !== 1);
      // No acknowledged application at all proves nothing: the check needs some to pass.
      return {
        pass: acks.length > 0 && bad.length === 0,
        detail: `${acks.length} acknowledged applications, ${bad.length} not stored exactly once`,
      };
    },
  },
  {
    // Add an availability slot (server action): a distinct day per user and iteration.
    name: "add slot (action)",
    weight: 2,
    async run(user, ctx) {
      const n = user.iteration;
      const date = new Date(Date.now() + (1 + user.index * 400 + n) * 86_400_000 + 0).toISOString().slice(0, 10);
      const input = { date, startTime: "10:00", endTime: "11:00", timezone: "America/New_York" };
      const r = fromAction(await callAction(user.browser, "/dashboard", actionId("addSlotAction", "app/dashboard", ctx.appDir), input));
      return r.outcome === "ok" ? { outcome: "ok", ack: { expertId: user.expertId, date } } : r;
    },
    async verify(acks, ctx) {
      const { rows } = await ctx.pool.query(
        "SELECT expert_id, to_char(date, 'YYYY-MM-DD') AS d, count(*)::int AS n FROM availability_slots WHERE expert_id = ANY($1::uuid[]) GROUP BY 1, 2",
        [ctx.users.map((u) => u.expertId)],
      );
      const stored = new Map(rows.map((r) => [`${r.expert_id}/${r.d}`, r.n]));
      const bad = acks.filter((a) => stored.get(`${a.expertId}/${a.date}`) !== 1);
      return { pass: bad.length === 0, detail: `${acks.length} acknowledged slots, ${bad.length} not stored exactly once` };
    },
  },
  {
    // Onboarding save through the API (lands with the onboarding branch).
    name: "onboarding save (POST /api/experts-linkedin)",
    weight: 2,
    probe: (ctx) =>
      routeMissing(ctx, "/api/experts-linkedin", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    async run(user) {
      const headline = `Load headline ${user.index}-${user.iteration}`;
      const res = await user.browser.fetch("/api/experts-linkedin", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ linkedinUrl: `https://www.linkedin.com/in/load-${user.index}`, linkedinHeadline: headline }),
      });
      const r = await fromJsonRoute(res);
      return r.outcome === "ok" ? { outcome: "ok", ack: { userId: user.userId, headline, seq: user.iteration } } : r;
    },
    async verify(acks, ctx) {
      // The last acknowledged save of each user is what the database holds.
      const last = new Map();
      for (const a of acks) if ((last.get(a.userId)?.seq ?? -1) < a.seq) last.set(a.userId, a);
      const { rows } = await ctx.pool.query("SELECT user_id, linkedin_headline FROM experts WHERE user_id = ANY($1::uuid[])", [
        [...last.keys()],
      ]);
      const stored = new Map(rows.map((r) => [r.user_id, r.linkedin_headline]));
      const bad = [...last.values()].filter((a) => stored.get(a.userId) !== a.headline);
      return { pass: bad.length === 0, detail: `${acks.length} acknowledged saves, ${bad.length} users whose last save is not stored` };
    },
  },
  {
    name: "directory search (POST /api/experts-search)",
    weight: 3,
    probe: (ctx) =>
      routeMissing(ctx, "/api/experts-search", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    // Clients and admins only: each simulated person signs in once with their own client account
    // (not the one demo client: 200 people signing in at once to one account is a burst the
    // per-e-mail limit refuses). The body uses the directory's real filter names
    // (lib/experts/schemas/directory.ts: q, state, page).
    async run(user, ctx) {
      if (!user.clientBrowser) {
        // Signing in is refused while PostgreSQL is down: that is the outage, not an error.
        const { browser, refusal } = await signedInClient(ctx, user.clientEmail, user.browser.address);
        if (refusal) return refusal;
        user.clientBrowser = browser;
      }
      const res = await user.clientBrowser.fetch("/api/experts-search", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ q: ["principal", "math", "", "district"][user.iteration % 4], page: 1 + (user.iteration % 2) }),
      });
      return fromJsonRoute(res);
    },
  },
  {
    name: "profile view (GET /experts/{id})",
    weight: 3,
    async probe(ctx) {
      const [id] = await publicExperts(ctx);
      if (!id) return "no public verified expert in the seed";
      return routeMissing(ctx, `/experts/${id}`);
    },
    async run(user, ctx) {
      const ids = await publicExperts(ctx);
      const res = await fetch(`${ctx.base}/experts/${ids[(user.index + user.iteration) % ids.length]}`, { redirect: "manual" });
      await res.arrayBuffer();
      return { outcome: pageOutcome(res), detail: `${res.status}` };
    },
  },
  {
    // Contact messages: stored before mail is tried, so SMTP being down loses none.
    name: "contact message (POST /api/contact-form)",
    weight: 1,
    probe: (ctx) => routeMissing(ctx, "/api/contact-form", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    async run(user) {
      const subject = `load ${randomUUID()}`;
      // The form allows 5 messages per client IP in 10 minutes: each simulated visitor has its own
      // address (the app reads the last X-Forwarded-For hop, as behind our proxy).
      const res = await fetch(`${user.browser.base}/api/contact-form`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.${(user.iteration >> 8) & 255}.${user.iteration & 255}.${1 + (user.index % 254)}`,
        },
        body: JSON.stringify({
          name: `Load User ${user.index}`,
          email: user.email,
          role: "expert",
          subject,
          message: "A message sent by the load test.",
        }),
      });
      const r = await fromJsonRoute(res);
      return r.outcome === "ok" ? { outcome: "ok", ack: { subject } } : r;
    },
    async verify(acks, ctx) {
      const { rows } = await ctx.pool.query("SELECT subject, count(*)::int AS n FROM contact_messages WHERE subject = ANY($1) GROUP BY 1", [
        acks.map((a) => a.subject),
      ]);
      const stored = new Map(rows.map((r) => [r.subject, r.n]));
      const bad = acks.filter((a) => stored.get(a.subject) !== 1);
      return { pass: bad.length === 0, detail: `${acks.length} acknowledged messages, ${bad.length} not stored exactly once` };
    },
    async verifyAfterFaults(acks, ctx) {
      // Every message is sent once SMTP is back (the app retries pending ones); wait up to 60 s.
      const deadline = Date.now() + 60_000;
      let pending = acks.length;
      while (Date.now() < deadline) {
        const {
          rows: [r],
        } = await ctx.pool.query("SELECT count(*)::int AS n FROM contact_messages WHERE subject = ANY($1) AND status <> 'sent'", [
          acks.map((a) => a.subject),
        ]);
        pending = r.n;
        if (pending === 0) break;
        await sleep(1_000);
      }
      if (pending) {
        // Where the unsent ones stand (the message's status, its delivery job's attempts, when the
        // job runs next and whether a worker holds it), grouped: the table usually names the cause.
        const { rows: why } = await ctx.pool.query(
          `SELECT m.status, m.attempts, left(m.last_error, 80) AS err, j.attempts AS job_attempts, j.max_attempts,
                  round(extract(epoch FROM j.run_at - now()))::int AS run_in_s, j.locked_at IS NOT NULL AS locked, left(j.last_error, 80) AS job_err,
                  count(*)::int AS n
             FROM contact_messages m LEFT JOIN graphile_worker.jobs j ON j.key = 'contact-message:' || m.id::text
            WHERE m.subject = ANY($1) AND m.status <> 'sent' GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY n DESC LIMIT 15`,
          [acks.map((a) => a.subject)],
        );
        console.table(why);
      }
      return { name: "all messages sent after SMTP returned", pass: pending === 0, detail: `${acks.length - pending}/${acks.length} sent` };
    },
  },
];
