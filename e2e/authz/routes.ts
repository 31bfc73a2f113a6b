import { IDENTITIES, type Identity } from "../support/identities";

/**
 * The access-control matrix of issue #8 §1 as ONE table: every page route, route handler and
 * server action × every identity → the expected outcome. The runner (matrix.spec.ts) is
 * generic; to cover a new route, add a row here (see the presets below).
 *
 * Paths and inputs may use {placeholders} from World.fixtures (identities.ts).
 */

export type Outcome =
  /** Page or API answered 200. `own`: it shows the caller's own name/e-mail and nobody else's. */
  | { kind: "ok"; own?: boolean; text?: string; /** With `own`: the page does not greet by name (only the leak check applies). */ nameless?: boolean }
  /** Page: a redirect (proxy or page) whose Location starts with `to`. */
  | { kind: "redirect"; to: string }
  /** Route handler: this status, optionally with this text in the body. */
  | { kind: "status"; status: number; text?: string }
  /** Server action: { ok: false } with a message matching `message`. */
  | { kind: "refused"; message: RegExp }
  /** Server action: { ok: true }. Runs after every refusal of the same row. */
  | { kind: "done" }
  /** Not run; counted and printed as skipped, with the reason. */
  | { kind: "skip"; why: string };

export type Cells = Record<Identity, Outcome>;

export type Row =
  | { kind: "page"; path: string; expect: Cells }
  | {
      kind: "api";
      method: "GET" | "POST";
      path: string;
      body?: unknown;
      expect: Cells;
      /** The request ends or changes the caller's session: each cell gets a newly signed-in caller. */
      freshSession?: boolean;
    }
  | {
      kind: "action";
      /** "<file under app/>#<exported name>", as in .next/server/server-reference-manifest.json. */
      action: string;
      /** The page the action is posted to. Default: an ungated page that uses it, else the first (see actionPage). */
      via?: string;
      input: unknown;
      expect: Cells;
      /** SQL that must still return a row after every refused cell (nothing was changed). */
      stillThere?: { sql: string; params: string[] };
    };

// ---- outcome shorthands -------------------------------------------------------------------
export const OK: Outcome = { kind: "ok" };
export const OWN: Outcome = { kind: "ok", own: true };
export const OWN_NAMELESS: Outcome = { kind: "ok", own: true, nameless: true };
export const status = (s: number, text?: string): Outcome => ({ kind: "status", status: s, ...(text ? { text } : {}) });
export const redirect = (to: string): Outcome => ({ kind: "redirect", to });
export const login = (loginPath: string, path: string) =>
  redirect(`${loginPath}?callbackUrl=${encodeURIComponent(path).replace(/%7B(\w+)%7D/g, "{$1}")}`);
export const restricted = (need: string) => redirect(`/access-restricted?need=${need}`);
export const ONBOARDING = redirect("/onboarding");
export const refused = (message: RegExp): Outcome => ({ kind: "refused", message });
export const DONE: Outcome = { kind: "done" };
export const skip = (why: string): Outcome => ({ kind: "skip", why });

export const NO_TOKEN = /^No authentication token$/;
export const needs = (role: string) => new RegExp(`requires ${role} access`);

/** Every identity gets `all`, then the overrides; `forged` defaults to what `anon` gets. */
export function cells(all: Outcome, overrides: Partial<Cells> = {}): Cells {
  const out = Object.fromEntries(IDENTITIES.map((i) => [i, overrides[i] ?? all])) as Cells;
  if (!overrides.forged) out.forged = out.anon;
  return out;
}

const EXPERTS: Partial<Cells> = { expert: OWN, expert2: OWN, adminAsExpert: OWN };
const CLIENTS = { client: OK, client2: OK, adminAsClient: OK } satisfies Partial<Cells>;

// ---- presets: one per area of 000 §2 ------------------------------------------------------
/** /dashboard, /expert/*: experts (and an admin impersonating one) see their own data. */
export const expertPage = (path: string): Row => ({
  kind: "page",
  path,
  expect: cells(restricted("expert"), { anon: login("/expert/login", path), expertIncomplete: ONBOARDING, ...EXPERTS }),
});
/** /client/*: clients and admins. */
export const clientPage = (path: string): Row => ({
  kind: "page",
  path,
  expect: cells(restricted("client,admin"), { anon: login("/client/login", path), expertIncomplete: ONBOARDING, ...CLIENTS, admin: OK }),
});
/** /admin/*: the real, un-impersonating admin only. */
export const adminPage = (path: string): Row => ({
  kind: "page",
  path,
  expect: cells(restricted("admin"), { anon: login("/login", path), expertIncomplete: ONBOARDING, admin: OK }),
});
/** Public pages; an expert with an unfinished profile is sent to /onboarding unless the page is exempt. */
export const publicPage = (path: string, opts: { onboardingExempt?: boolean } & Partial<Cells> = {}): Row => {
  const { onboardingExempt, ...overrides } = opts;
  return { kind: "page", path, expect: cells(OK, { ...(onboardingExempt ? {} : { expertIncomplete: ONBOARDING }), ...overrides }) };
};

/** A server action limited to experts; `owner` is what an expert gets with this input. */
export const expertAction = (action: string, input: unknown, owner: Partial<Cells>, extra: Partial<Extract<Row, { kind: "action" }>> = {}): Row => ({
  kind: "action",
  action,
  input,
  // An expert with an unfinished profile is sent to /onboarding by the proxy before any action.
  expect: cells(refused(needs("expert")), { anon: refused(NO_TOKEN), expertIncomplete: refused(/./), ...owner }),
  ...extra,
});
export const adminAction = (action: string, input: unknown, admin: Outcome): Row => ({
  kind: "action",
  action,
  input,
  expect: cells(refused(needs("admin")), { anon: refused(NO_TOKEN), admin }),
});

/** Past the role check, refused by the service (the row is not the caller's, or does not exist). */
const BY_SERVICE = refused(/^(?!No authentication token$)(?!.*requires \w+ access)./);
const SHARED_DEMO = skip("would change the shared demo expert's data other specs read; the refusals are the point of this row");

// ---- the table ----------------------------------------------------------------------------
export const ROUTES: Row[] = [
  // Public pages
  publicPage("/", { onboardingExempt: true }),
  publicPage("/login", { onboardingExempt: true }),
  publicPage("/client/login"),
  publicPage("/expert/login"),
  publicPage("/register", { onboardingExempt: true }),
  publicPage("/join", { onboardingExempt: true }),
  publicPage("/reset-password", { onboardingExempt: true }),
  publicPage("/verify-email", { onboardingExempt: true }),
  publicPage("/access-restricted?need=admin&as=expert", { onboardingExempt: true }),
  publicPage("/logout", { onboardingExempt: true }),
  publicPage("/payments", { expert: OWN_NAMELESS, expert2: OWN_NAMELESS, adminAsExpert: OWN_NAMELESS }),

  // Onboarding: experts (an unfinished one included); other roles get the Access Restricted notice
  {
    kind: "page",
    path: "/onboarding",
    expect: cells(restricted("expert"), { anon: login("/login", "/onboarding"), expertIncomplete: OK, ...EXPERTS }),
  },

  // Expert area
  expertPage("/dashboard"),
  expertPage("/expert/dashboard"),
  expertPage("/expert/some/unknown/path"),

  // Client area
  clientPage("/client/dashboard"),
  clientPage("/client/anything-else"),

  // Admin area
  adminPage("/admin"),
  adminPage("/admin/dashboard"),
  adminPage("/admin/users"),
  adminPage("/admin/users?q=example"),
  adminPage("/admin/experts/{demoExpertId}"),

  // Route handlers
  { kind: "api", method: "GET", path: "/api/health", expect: cells(OK) },
  { kind: "api", method: "GET", path: "/api/me", expect: cells(OWN) },
  { kind: "api", method: "GET", path: "/api/auth/csrf", expect: cells(OK) },
  { kind: "api", method: "POST", path: "/api/auth-logout", freshSession: true, expect: cells(OK) },
  {
    kind: "api",
    method: "POST",
    path: "/api/admin-impersonate",
    body: { userId: "{expert2UserId}" },
    freshSession: true,
    // One impersonation at a time: stop first (409), then start another.
    expect: cells(status(403, "admin"), { anon: status(401, "No authentication token"), admin: OK, adminAsExpert: status(409), adminAsClient: status(409) }),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/admin-impersonate",
    body: { userId: "{adminUserId}" },
    expect: cells(status(403, "admin"), {
      anon: status(401, "No authentication token"),
      admin: status(400, "You cannot impersonate yourself."),
      adminAsExpert: status(409),
      adminAsClient: status(409),
    }),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/admin-impersonate/stop",
    freshSession: true,
    expect: cells(status(403, "admin"), { anon: status(401, "No authentication token"), admin: OK, adminAsExpert: OK, adminAsClient: OK }),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/admin-seed-demo",
    // The effective role decides: an admin viewing as a client is refused like a client.
    expect: cells(status(403, "requires admin access"), {
      anon: status(401, "No authentication token"),
      admin: skip("re-seeds the shared demo data under other running specs; covered by tests/integration/admin-seed.test.ts"),
    }),
  },

  // Server actions: expert dashboard (posted to "/" so only the action's own check protects it)
  expertAction("app/dashboard/actions.ts#applyAction", { opportunityId: "{missingId}" }, { expert: BY_SERVICE, expert2: BY_SERVICE, adminAsExpert: BY_SERVICE }),
  expertAction("app/dashboard/actions.ts#pickTimeAction", { opportunityId: "{missingId}", slotId: "{expert2SlotId}" }, { expert: BY_SERVICE, expert2: BY_SERVICE, adminAsExpert: BY_SERVICE }),
  expertAction("app/dashboard/actions.ts#listPickableSlotsAction", {}, { expert: DONE, expert2: DONE, adminAsExpert: DONE }),
  expertAction("app/dashboard/actions.ts#cashOutAction", {}, { expert: SHARED_DEMO, expert2: skip("pays out a seeded wallet"), adminAsExpert: skip("pays out a seeded wallet") }),
  expertAction("app/dashboard/actions.ts#answerPulseAction", { surveyId: "{missingId}", rating: 4 }, { expert: BY_SERVICE, expert2: BY_SERVICE, adminAsExpert: BY_SERVICE }),
  expertAction("app/dashboard/actions.ts#submitFeedbackAction", { opportunityId: "{missingId}", rating: 4 }, { expert: BY_SERVICE, expert2: BY_SERVICE, adminAsExpert: BY_SERVICE }),
  expertAction(
    "app/dashboard/actions.ts#addSlotAction",
    { date: "{futureDate}", startTime: "09:00", endTime: "09:30", timezone: "America/New_York" },
    { expert: SHARED_DEMO, expert2: DONE, adminAsExpert: DONE },
  ),
  // Another expert's slot: refused as "not found" for everyone but its owner, and still there afterwards.
  expertAction(
    "app/dashboard/actions.ts#removeSlotAction",
    { slotId: "{expert2SlotId}" },
    { expert: BY_SERVICE, expert2: DONE, adminAsExpert: BY_SERVICE },
    { stillThere: { sql: "SELECT 1 FROM availability_slots WHERE id = $1", params: ["{expert2SlotId}"] } },
  ),
  expertAction(
    "app/dashboard/actions.ts#saveExpertiseAction",
    { ratings: [{ topic: "Curriculum Development", rating: 4 }] },
    { expert: SHARED_DEMO, expert2: DONE, adminAsExpert: DONE },
  ),
  expertAction(
    "app/dashboard/actions.ts#saveSettingsAction",
    {
      privacy: { showContactInfo: false, showExperience: true, showOrganization: true, showRates: true, isPublicProfile: true },
      notifications: { emailOpportunities: true, emailReminders: true, emailFeedback: true, pushNotifications: false },
    },
    { expert: SHARED_DEMO, expert2: DONE, adminAsExpert: DONE },
  ),

  // Server actions: admin expert review
  adminAction("app/admin/experts/[id]/actions.ts#setVerificationStatusAction", { expertId: "{missingId}", status: "verified" }, BY_SERVICE),
  adminAction("app/admin/experts/[id]/actions.ts#setLinkedinVerifiedAction", { expertId: "{missingId}", verified: true }, BY_SERVICE),

  // Server actions: public forms (anyone; the answer never depends on who asks)
  { kind: "action", action: "app/(auth)/register/actions.ts#registerExpertAction", input: {}, expect: cells(refused(/./)) },
  { kind: "action", action: "app/(auth)/register/actions.ts#registerClientAction", input: {}, expect: cells(refused(/./)) },
  { kind: "action", action: "app/reset-password/actions.ts#requestResetAction", input: { email: "nobody-{missingId}@example.org" }, expect: cells(DONE) },
  { kind: "action", action: "app/reset-password/actions.ts#resetPasswordAction", input: { token: "x".repeat(40), password: "Another-Pass-9", confirmPassword: "Another-Pass-9" }, expect: cells(refused(/./)) },
];
