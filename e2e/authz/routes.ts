import { IDENTITIES, type Identity } from "../support/identities";

/**
 * The access-control matrix as ONE table: every page route, route handler and
 * server action × every identity → the expected outcome. The runner (matrix.spec.ts) is
 * generic; to cover a new route, add a row here (see the presets below).
 *
 * Paths and inputs may use {placeholders} from World.fixtures (identities.ts).
 */

export type Outcome =
  /** Page or API answered 200. `own`: it shows the caller's own name/e-mail and nobody else's. */
  | {
      kind: "ok";
      own?: boolean;
      text?: string;
      /** With `own`: the page does not greet by name (only the leak check applies). */
      nameless?: boolean;
      /** Strings (placeholders allowed) that must NOT appear: another caller's rows, e-mails on public pages. */
      hide?: string[];
    }
  /** Page or route handler: a redirect (proxy or page) whose Location starts with `to`. */
  | { kind: "redirect"; to: string }
  /** Route handler or page: this status, optionally with this text in the body. */
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
      method: "GET" | "POST" | "PATCH";
      path: string;
      body?: unknown;
      /** Each cell sends its own X-Forwarded-For (the app reads the last hop), so per-IP throttles do not interfere. */
      distinctIp?: boolean;
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
      /** Each cell sends its own X-Forwarded-For, so a per-IP throttle (failed sign-ins) counts each cell alone. */
      distinctIp?: boolean;
      input: unknown;
      expect: Cells;
      /** SQL that must still return a row after every refused cell (nothing was changed). */
      stillThere?: { sql: string; params: string[] };
    };

// ---- outcome shorthands -------------------------------------------------------------------
export const OK: Outcome = { kind: "ok" };
export const OWN: Outcome = { kind: "ok", own: true };
export const OWN_NAMELESS: Outcome = { kind: "ok", own: true, nameless: true };
export const okWith = (text: string, hide?: string[]): Outcome => ({ kind: "ok", text, ...(hide ? { hide } : {}) });
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

/** A row with some cells replaced. */
export const withCells = (row: Row, overrides: Partial<Cells>): Row => ({ ...row, expect: { ...row.expect, ...overrides } as Cells });

/** Every identity gets `all`, then the overrides; `forged` defaults to what `anon` gets. */
export function cells(all: Outcome, overrides: Partial<Cells> = {}): Cells {
  const out = Object.fromEntries(IDENTITIES.map((i) => [i, overrides[i] ?? all])) as Cells;
  if (!overrides.forged) out.forged = out.anon;
  return out;
}

const EXPERTS: Partial<Cells> = { expert: OWN, expert2: OWN, adminAsExpert: OWN };
/** The demo client's organization's members besides its owner, the demo client (identities.ts). */
const MEMBERS = ["orgAdmin", "researcher", "finance", "viewer"] as const;
type Member = (typeof MEMBERS)[number];
const CLIENTS = {
  client: OK,
  client2: OK,
  adminAsClient: OK,
  outsider: OK,
  ...Object.fromEntries(MEMBERS.map((m) => [m, OK])),
} satisfies Partial<Cells>;

// ---- organization roles -------------------------------------------------------------------
// Written out by hand from the role table in docs/decisions/0038 (not read from the code's table,
// so a change to that table shows up here as failed cells).
const YOU_ARE: Record<Member, string> = {
  orgAdmin: "an admin",
  researcher: "a researcher",
  finance: "a finance member",
  viewer: "a viewer",
};
const refusalText = (roles: string, m: Member) => `This needs the ${roles} role in your organization. You are ${YOU_ARE[m]}.`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The roles that hold each organization permission, as the refusal names them. */
export const HOLDERS = {
  readProjects: "owner, admin, researcher or viewer",
  manageProjects: "owner or researcher",
  billing: "owner, admin or finance",
  members: "owner or admin",
  roles: "owner",
  close: "owner",
} as const;
/** A server action refused to these members for their role, with the one wording. */
const roleRefused = (holders: string, members: readonly Member[]): Partial<Cells> =>
  Object.fromEntries(members.map((m) => [m, refused(new RegExp(`^${escape(refusalText(holders, m))}$`))]));
/** A page that shows these members RoleRefusal in its place (200, the refusal as its text). */
const rolePage = (holders: string, members: readonly Member[]): Partial<Cells> =>
  Object.fromEntries(members.map((m) => [m, okWith(refusalText(holders, m))]));
/** A route handler that answers these members 403 with the role refusal. */
const roleApi = (holders: string, members: readonly Member[]): Partial<Cells> =>
  Object.fromEntries(members.map((m) => [m, status(403, refusalText(holders, m))]));
/** Who lacks each permission among MEMBERS. */
const NOT_PROJECT_READERS = ["finance"] as const;
const NOT_PROJECT_WRITERS = ["orgAdmin", "finance", "viewer"] as const;
/** Members who see the pipeline but do not run it: told their role on an engagement (finance does not see it: not found). */
const READ_ONLY = ["orgAdmin", "viewer"] as const;
const NOT_BILLING = ["researcher", "viewer"] as const;
const NOT_MEMBER_MANAGERS = ["researcher", "finance", "viewer"] as const;
/** Members who may change the demo organization's research the way its owner may. */
const PROJECT_WRITERS = ["client", "researcher"] as const;
const PROJECT_READERS = ["client", "orgAdmin", "researcher", "viewer"] as const;
const BILLING_READERS = ["client", "orgAdmin", "finance"] as const;
/** Clients of other organizations than the demo client's (the admin owns one of their own). */
const OTHER_ORGS = ["client2", "admin", "adminAsClient", "outsider"] as const;

// ---- presets: one per area of the route table ---------------------------------------------
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
export const expertAction = (
  action: string,
  input: unknown,
  owner: Partial<Cells>,
  extra: Partial<Extract<Row, { kind: "action" }>> = {},
): Row => ({
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

/** A route handler limited to `roles` (apiRoute: 401 signed out, 403 with the role message otherwise). */
const apiFor = (need: string, allowed: Partial<Cells>): Cells =>
  cells(status(403, `requires ${need} access`), { anon: status(401, "No authentication token"), ...allowed });
const EXPERT_CALLERS = ["expertIncomplete", "expert", "expert2", "adminAsExpert"] as const;
const CLIENT_CALLERS = ["client", "client2", "admin", "adminAsClient", "outsider", ...MEMBERS] as const;
const each = (ids: readonly Identity[], o: Outcome): Partial<Cells> => Object.fromEntries(ids.map((i) => [i, o]));
/** Account security actions: any signed-in person for their own account, never while impersonating. */
const securityAction = (name: string, input: unknown, signedIn: Outcome): Row => ({
  kind: "action",
  action: `lib/accounts/actions/security.ts#${name}`,
  via: "/settings/security",
  // A wrong password counts as a failed sign-in of the caller's address: one address per cell
  // keeps the matrix out of the loopback's budget, which other specs' wrong passwords share.
  distinctIp: true,
  input,
  expect: cells(signedIn, {
    anon: refused(NO_TOKEN),
    expertIncomplete: refused(/./),
    adminAsExpert: refused(/^Stop viewing as another user to manage account security\.$/),
    adminAsClient: refused(/^Stop viewing as another user to manage account security\.$/),
  }),
});
/** A setting of the caller's own account (calendar feed, text messages): done for everyone signed in, refused while viewing as someone. */
const ownSettingAction = (action: string, input: unknown, viewingAs: RegExp, signedIn: Outcome = DONE): Row => ({
  kind: "action",
  action,
  via: "/settings/reminders",
  input,
  expect: cells(signedIn, {
    anon: refused(NO_TOKEN),
    expertIncomplete: refused(/./),
    adminAsExpert: refused(viewingAs),
    adminAsClient: refused(viewingAs),
  }),
});
/** A server action limited to clients and admins (lib/projects/actions/projects.ts). */
const clientAction = (
  action: string,
  input: unknown,
  allowed: Partial<Cells>,
  extra: Partial<Extract<Row, { kind: "action" }>> = {},
): Row => ({
  kind: "action",
  action,
  input,
  expect: cells(refused(needs("client or admin")), { anon: refused(NO_TOKEN), expertIncomplete: refused(/./), ...allowed }),
  ...extra,
});
/** Another organization's rows: client2, the admin viewing as client2 and the outsider must not see the demo organization's. */
const NOT_DEMO_CLIENTS = (hide: string[]): Partial<Cells> => ({
  client2: { kind: "ok", hide },
  adminAsClient: { kind: "ok", hide },
  outsider: { kind: "ok", hide },
});
const CONTACT_BODY = {
  name: "Matrix Visitor",
  email: "matrix-visitor@example.org",
  role: "other",
  subject: "Access matrix",
  message: "Sent by the access-control matrix.",
};
/** Profiles the public must never see (rejected by review; hidden by their owner). */
const GONE = ["{rejectedExpertName}", "{hiddenExpertName}", "{rejectedExpertId}", "{hiddenExpertId}"];

/** Past the role check, refused by the service (the row is not the caller's, or does not exist). */
const BY_SERVICE = refused(/^(?!No authentication token$)(?!.*requires \w+ access)./);
const SHARED_DEMO = skip("would change the shared demo expert's data other specs read; the refusals are the point of this row");

/** Engagements are found only by their two sides; everyone else is told they do not exist. */
const NOT_FOUND = refused(/^Engagement not found$/);
const NOT_COMPLETED = /^Only a completed session can be rated\.$/;
const INVITED = /^This engagement is invited, so it cannot be changed that way\.$/;
/** An engagement transition (lib/engagements/actions/engagements.ts); `clientOnly` for the client's own steps. */
const engagementAction = (name: string, input: unknown, parties: Partial<Cells>, clientOnly = false, invite = "{demoInviteId}"): Row => ({
  kind: "action",
  action: `lib/engagements/actions/engagements.ts#${name}`,
  input,
  expect: cells(NOT_FOUND, {
    anon: refused(NO_TOKEN),
    expertIncomplete: refused(/./),
    ...(clientOnly ? each(["expert", "expert2", "adminAsExpert"], refused(needs("client or admin"))) : {}),
    // The organization's researcher acts as its owner does; its other roles are told they cannot run the pipeline.
    ...("client" in parties ? { researcher: parties.client, ...roleRefused(HOLDERS.manageProjects, READ_ONLY) } : {}),
    ...parties,
  }),
  stillThere: { sql: "SELECT 1 FROM engagements WHERE id = $1 AND state = 'invited'", params: [invite] },
});
const INVITE = { engagementId: "{demoInviteId}" };
/** A change to research rows: every client gets `outcome`, except the members whose role does not run research. */
const researchWrite = (outcome: Outcome): Partial<Cells> => ({
  ...each(CLIENT_CALLERS, outcome),
  ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
});
const DEMO_ORG_DATA = (what: string) => skip(`would change the demo organization's ${what} other specs read`);
const ORG_ACTIONS = "lib/organizations/actions/organizations.ts";
/** The shared admin is still their organization's owner after a refused organization action. */
const ADMIN_STILL_OWNER = { sql: "SELECT 1 FROM organization_members WHERE user_id = $1 AND role = 'owner'", params: ["{adminUserId}"] };

// ---- the table ----------------------------------------------------------------------------
// A study's own consent (an invite-only study of the outsider's, with expert2 invited and signed): its
// documents, records and pages reach its organization and the experts it reaches; anyone else is
// told they do not exist.
const CONSENT_STRANGERS = ["expert", "adminAsExpert"] as const;
const STUDY_CONSENT_ROWS: Row[] = [
  {
    kind: "api",
    method: "GET",
    path: "/api/study-documents/{outsiderConsentId}",
    expect: cells(status(404, "Document not found"), { anon: status(401, "No authentication token"), expert2: OK, outsider: OK }),
  },
  {
    kind: "api",
    method: "GET",
    path: "/api/study-documents/not-a-uuid",
    expect: cells(status(404, "Document not found"), { anon: status(401, "No authentication token") }),
  },
  {
    kind: "api",
    method: "GET",
    path: "/client/projects/{outsiderConsentStudyId}/consent-records",
    expect: cells(restricted("client,admin"), {
      anon: login("/client/login", "/client/projects/{outsiderConsentStudyId}/consent-records"),
      expertIncomplete: ONBOARDING,
      ...each(CLIENT_CALLERS, status(404, "Project not found")),
      ...roleApi(HOLDERS.readProjects, NOT_PROJECT_READERS),
      outsider: okWith("Matrix Signer"),
    }),
  },
  withCells(clientPage("/client/projects/{outsiderConsentStudyId}/consent-records/print"), {
    ...each(CLIENT_CALLERS, status(404)),
    outsider: okWith("Matrix Signer"),
  }),
  // The dashboard streams behind its skeleton, so a study that does not reach the caller is said on the page.
  withCells(expertPage("/dashboard/consent/{outsiderConsentStudyId}"), {
    ...each(CONSENT_STRANGERS, okWith("This study could not be found.", ["{outsiderConsentStudyTitle}"])),
    expert2: okWith("{outsiderConsentStudyTitle}"),
  }),
  withCells(expertPage("/dashboard/consent/receipt/{outsiderSignatureId}"), {
    ...each(CONSENT_STRANGERS, okWith("This receipt could not be found.", ["Matrix Signer"])),
    expert2: okWith("Matrix Signer"),
  }),
  expertAction(
    "lib/engagements/actions/consent.ts#signStudyConsentAction",
    { projectId: "{outsiderConsentStudyId}", documentId: "{outsiderConsentId}", typedName: "Matrix Signer" },
    { ...each(CONSENT_STRANGERS, refused(/^This study could not be found\.$/)), expert2: DONE },
  ),
  expertAction(
    "lib/engagements/actions/consent.ts#withdrawConsentAction",
    { engagementId: "{outsiderConsentInviteId}" },
    { ...each(CONSENT_STRANGERS, refused(/^Engagement not found$/)), expert2: refused(/so there is none to withdraw\.$/) },
  ),
  {
    kind: "action",
    action: "lib/engagements/actions/consent.ts#uploadStudyDocumentAction",
    input: { projectId: "{outsiderConsentStudyId}", kind: "consent" },
    expect: cells(refused(/^Choose a PDF file to upload\.$/), {
      anon: refused(NO_TOKEN),
      expertIncomplete: refused(/./),
      ...each(["expert", "expert2", "adminAsExpert"], refused(needs("client or admin"))),
    }),
  },
];

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
  publicPage("/verify-work-email", { onboardingExempt: true }),
  // The demo's sample survey: only behind a real participant id; none is not found.
  { kind: "page", path: "/demo-survey?pid=matrix-nobody", expect: cells(status(404), { expertIncomplete: ONBOARDING }) },
  // A survey's end address: anyone may arrive and nothing is recorded by opening it; without a place in the survey
  // there is nothing to confirm, and someone signed out is asked to sign in.
  {
    kind: "page",
    path: "/survey/{missingId}/complete?code=MATRIX&pid=matrix-nobody",
    expect: cells(okWith("We could not find your place in this survey."), {
      anon: okWith("Sign in to record your response"),
      expertIncomplete: ONBOARDING,
    }),
  },
  publicPage("/verify-work-email?token=matrix-not-a-token", { onboardingExempt: true }),
  // An invitation link: anyone may open it; one that is no invitation says so and changes nothing.
  publicPage("/invitations/matrix-not-a-token-000000000000", {
    ...each(["anon", "expert", "expert2", "adminAsExpert", ...CLIENT_CALLERS], okWith("This invitation link is not valid.")),
  }),
  // Shows the resend form only: opening it sends nothing (the form posts resendVerificationAction).
  publicPage("/verify-email?resend=nobody-{missingId}%40example.org", { onboardingExempt: true }),
  publicPage("/access-restricted?need=admin&as=expert", { onboardingExempt: true }),
  publicPage("/logout", { onboardingExempt: true }),
  publicPage("/payments", { expert: OWN_NAMELESS, expert2: OWN_NAMELESS, adminAsExpert: OWN_NAMELESS }),
  publicPage("/how-it-works"),
  publicPage("/help"),
  publicPage("/help-center"),
  publicPage("/privacy-data"),
  publicPage("/terms"),
  publicPage("/payment-policy"),
  publicPage("/cookies"),
  publicPage("/contact"),
  publicPage("/sitemap"),
  // Health for everyone; activity figures (sign-ins, payout timing, queued mail) for admins only.
  publicPage("/api-status", {
    ...each(["anon", "expert", "expert2", "adminAsExpert", ...CLIENT_CALLERS.filter((i) => i !== "admin")], {
      kind: "ok",
      hide: ["Recent activity", "successful sign-ins"],
    }),
    admin: okWith("Recent activity"),
  }),
  // Next serves the prerendered /500 page with status 500, as its name says.
  { kind: "page", path: "/500", expect: cells(status(500, "Server error"), { expertIncomplete: ONBOARDING }) },
  // Sends the browser on to a missing path after 2 s (client-side); the a11y sweep leaves it out.
  publicPage("/404-test"),
  { kind: "page", path: "/this-page-does-not-exist", expect: cells(status(404), { expertIncomplete: ONBOARDING }) },
  // Test-only (TEST_ROUTES, as the e2e server runs): bench:pages's empty signed-in page, which says whether the session was read.
  // Test-only: fails while rendering for every caller, so the error screen's digest can be checked.
  { kind: "page", path: "/test-only/crash", expect: cells(status(500), { expertIncomplete: ONBOARDING }) },
  // Test-only: answers after `ms` (a request in flight at shutdown); nobody's data, open to all.
  { kind: "api", method: "GET", path: "/api/test-only/slow?ms=0", expect: cells(OK) },
  publicPage("/test-only/floor", {
    ...each(["anon", "forged"], okWith("Not signed in")),
    ...each(["expert", "expert2", "adminAsExpert", ...CLIENT_CALLERS], okWith("Signed in</p>")),
  }),

  // The directory: three audiences (visitors, signed-in non-clients, clients and admins)
  publicPage("/experts", {
    anon: okWith("Sign up as a Client"),
    ...each(["expert", "expert2", "adminAsExpert"], okWith("Clients Only")),
    ...each(CLIENT_CALLERS, okWith("Verified K-12 professionals available for interviews", GONE)),
  }),
  // What /experts shows visitors (proxy.ts rewrites there); anyone may open it directly.
  publicPage("/experts-welcome", { anon: okWith("Sign up as a Client") }),
  // A public profile: anyone, never with the expert's e-mail; rejected or hidden ones are 404 for everyone.
  publicPage("/experts/{demoExpertId}", {
    ...each(["anon", "expert", "expert2", "adminAsExpert", ...CLIENT_CALLERS], {
      kind: "ok",
      hide: ["{demoExpertEmail}"],
    }),
  }),
  { kind: "page", path: "/experts/{rejectedExpertId}", expect: cells(status(404), { expertIncomplete: ONBOARDING }) },
  { kind: "page", path: "/experts/{hiddenExpertId}", expect: cells(status(404), { expertIncomplete: ONBOARDING }) },
  { kind: "page", path: "/experts/not-a-uuid", expect: cells(status(404), { expertIncomplete: ONBOARDING }) },

  // Onboarding: experts (an unfinished one included); other roles get the Access Restricted notice
  {
    kind: "page",
    path: "/onboarding",
    expect: cells(restricted("expert"), { anon: login("/login", "/onboarding"), expertIncomplete: OK, ...EXPERTS }),
  },

  // Expert area
  expertPage("/dashboard"),
  // The Open list's search, format and page token: a foreign token or unknown format reads as the first page, unfiltered.
  expertPage("/dashboard?tab=opportunities&q=reading&format=survey"),
  expertPage("/dashboard?tab=opportunities&format=webinar&after=not-a-token&before=%25%25"),
  // Start survey: an expert's own place only; anyone else's (or none) is "could not be found", nothing recorded.
  withCells(
    expertPage("/dashboard/survey/{missingId}"),
    each(["expert", "expert2", "adminAsExpert"], okWith("This survey could not be found.")),
  ),
  expertPage("/expert/dashboard"),
  expertPage("/expert/some/unknown/path"),

  // Client area. The demo client owns its organization; orgAdmin, researcher, finance and viewer are its other
  // members; client2 and the outsider own other organizations (the outsider's has rows of its own).
  clientPage("/client/dashboard"),
  clientPage("/client/anything-else"),
  clientPage("/client/experts"),
  // A page token that was not made by the list reads as its first page.
  withCells(clientPage("/client/projects?after=not-a-token"), {
    ...NOT_DEMO_CLIENTS(["{demoProjectTitle}"]),
    ...each(PROJECT_READERS, okWith("{demoProjectTitle}", ["{outsiderProjectTitle}"])),
    ...rolePage(HOLDERS.readProjects, NOT_PROJECT_READERS),
    outsider: okWith("{outsiderProjectTitle}", ["{demoProjectTitle}"]),
  }),
  withCells(clientPage("/client/projects"), {
    ...NOT_DEMO_CLIENTS(["{demoProjectTitle}"]),
    ...each(PROJECT_READERS, okWith("{demoProjectTitle}", ["{outsiderProjectTitle}"])),
    ...rolePage(HOLDERS.readProjects, NOT_PROJECT_READERS),
    outsider: okWith("{outsiderProjectTitle}", ["{demoProjectTitle}"]),
  }),
  // A project's pipeline: its organization's members who see projects. Another organization's project, a missing one,
  // a malformed id, and any project to a role that does not see projects (finance) are all "not found".
  withCells(clientPage("/client/projects/{demoProjectId}"), {
    ...each(PROJECT_READERS, okWith("{demoProjectTitle}")),
    ...each([...OTHER_ORGS, ...NOT_PROJECT_READERS], status(404)),
  }),
  withCells(clientPage("/client/projects/{outsiderProjectId}"), {
    ...each(CLIENT_CALLERS, status(404)),
    outsider: okWith("{outsiderProjectTitle}"),
  }),
  withCells(clientPage("/client/projects/{missingId}"), each(CLIENT_CALLERS, status(404))),
  // A focus-group session's attendance: its project's organization only; a session of no project of theirs is not found.
  withCells(clientPage("/client/projects/{demoProjectId}/sessions/{missingId}"), each(CLIENT_CALLERS, status(404))),
  withCells(clientPage("/client/projects/not-a-uuid"), each(CLIENT_CALLERS, status(404))),
  // A page token that was not made by the list reads as its first page.
  withCells(clientPage("/client/shortlist?before=not-a-token"), {
    ...NOT_DEMO_CLIENTS(["{demoShortlistedName}", "{outsiderShortlistedName}"]),
    ...each(PROJECT_READERS, okWith("{demoShortlistedName}", ["{outsiderShortlistedName}"])),
    ...rolePage(HOLDERS.readProjects, NOT_PROJECT_READERS),
    outsider: okWith("{outsiderShortlistedName}", ["{demoShortlistedName}"]),
  }),
  withCells(clientPage("/client/shortlist"), {
    ...NOT_DEMO_CLIENTS(["{demoShortlistedName}", "{outsiderShortlistedName}"]),
    ...each(PROJECT_READERS, okWith("{demoShortlistedName}", ["{outsiderShortlistedName}"])),
    ...rolePage(HOLDERS.readProjects, NOT_PROJECT_READERS),
    outsider: okWith("{outsiderShortlistedName}", ["{demoShortlistedName}"]),
  }),
  withCells(clientPage("/client/calendar"), rolePage(HOLDERS.readProjects, NOT_PROJECT_READERS)),
  // Billing: the organization's billing roles see its sessions, receivable and statements; the others are told their role.
  withCells(clientPage("/client/billing"), {
    ...NOT_DEMO_CLIENTS(["{demoProjectTitle}"]),
    ...each(BILLING_READERS, okWith("{demoInvoiceNumber}", ["{outsiderInvoiceNumber}", "{outsiderProjectTitle}"])),
    ...rolePage(HOLDERS.billing, NOT_BILLING),
    outsider: okWith("{outsiderInvoiceNumber}", ["{demoInvoiceNumber}", "{demoProjectTitle}"]),
  }),
  // A funding invoice: its organization's billing roles and the money desk; anyone else's (or a malformed number) is not found.
  withCells(clientPage("/client/billing/invoices/{demoInvoiceNumber}"), {
    ...each([...BILLING_READERS, "admin"], okWith("{demoInvoiceNumber}")),
    ...each(["client2", "adminAsClient", "outsider", ...NOT_BILLING], status(404)),
  }),
  withCells(clientPage("/client/billing/invoices/{outsiderInvoiceNumber}"), {
    ...each(CLIENT_CALLERS, status(404)),
    ...each(["outsider", "admin"], okWith("{outsiderInvoiceNumber}")),
  }),
  withCells(clientPage("/client/billing/invoices/K12-999999999"), each(CLIENT_CALLERS, status(404))),
  withCells(clientPage("/client/billing/invoices/not-a-number"), each(CLIENT_CALLERS, status(404))),
  // The organization: its own members only (every role reads the list); another organization's people never show.
  withCells(clientPage("/client/organization"), {
    ...each(["client", ...MEMBERS], okWith("Members (")),
    ...NOT_DEMO_CLIENTS(["client@example.com"]),
  }),
  // The shortlist as CSV: a route handler behind the /client gate; each organization gets only its own list.
  {
    kind: "api",
    method: "GET",
    path: "/client/shortlist/export",
    expect: cells(restricted("client,admin"), {
      anon: login("/client/login", "/client/shortlist/export"),
      expertIncomplete: ONBOARDING,
      ...each(PROJECT_READERS, okWith("{demoShortlistedName}", ["{outsiderShortlistedName}"])),
      ...roleApi(HOLDERS.readProjects, NOT_PROJECT_READERS),
      admin: OK,
      ...NOT_DEMO_CLIENTS(["{demoShortlistedName}", "{outsiderShortlistedName}"]),
      outsider: okWith("{outsiderShortlistedName}", ["{demoShortlistedName}"]),
    }),
  },
  // A closed project's weighted sample as CSV: its organization only. The demo project is open and has
  // no plan, so its own client is told it is not ready; anyone else's is not found.
  {
    kind: "api",
    method: "GET",
    path: "/client/projects/{demoProjectId}/sample-export",
    expect: cells(restricted("client,admin"), {
      anon: login("/client/login", "/client/projects/{demoProjectId}/sample-export"),
      expertIncomplete: ONBOARDING,
      ...each(PROJECT_READERS, status(409, "ready once the project is closed")),
      ...roleApi(HOLDERS.readProjects, NOT_PROJECT_READERS),
      ...each(OTHER_ORGS, status(404, "Project not found")),
    }),
  },
  {
    kind: "api",
    method: "GET",
    path: "/client/projects/not-a-uuid/sample-export",
    expect: cells(restricted("client,admin"), {
      anon: login("/client/login", "/client/projects/not-a-uuid/sample-export"),
      expertIncomplete: ONBOARDING,
      ...each(CLIENT_CALLERS, status(404, "Project not found")),
    }),
  },

  // Admin area
  adminPage("/admin"),
  adminPage("/admin/dashboard"),
  adminPage("/admin/users"),
  adminPage("/admin/users?q=example"),
  // A page token that was not made by the list reads as its first page.
  adminPage("/admin/users?after=not-a-token"),
  adminPage("/admin/payouts?after=not-a-token"),
  adminPage("/admin/organizations?q=research&before=not-a-token"),
  adminPage("/admin/organizations"),
  adminPage("/admin/organizations?q=research"),
  // The admin area streams behind its skeleton, so an organization of no id is said on the page.
  withCells(adminPage("/admin/organizations/{missingId}"), { admin: okWith("No organization has this id.") }),
  withCells(adminPage("/admin/organizations/not-a-uuid"), { admin: okWith("No organization has this id.") }),
  adminPage("/admin/experts/{demoExpertId}"),
  adminPage("/admin/invites"),
  adminPage("/admin/messages"),
  adminPage("/admin/mail-preview"),
  // A conversation nobody reported or flagged stays private, even to admins.
  withCells(adminPage("/admin/messages/{missingId}"), { admin: okWith("No reported or flagged conversation has this id.") }),
  adminPage("/admin/disputes"),
  adminPage("/admin/money"),
  adminPage("/admin/payouts"),
  adminPage("/admin/tax"),
  adminPage("/admin/billing"),
  adminPage("/admin/ratings"),
  adminPage("/admin/trust"),
  adminPage("/admin/districts"),
  adminPage("/admin/districts/coverage"),
  adminPage("/admin/districts/coverage?role=Superintendent"),
  adminPage("/admin/trends"),

  // Route handlers
  { kind: "api", method: "GET", path: "/api/health", expect: cells(OK) },
  { kind: "api", method: "GET", path: "/api/ready", expect: cells(OK) },
  { kind: "api", method: "GET", path: "/api/me", expect: cells(OWN) },
  // A session's calendar file: only the two sides of its engagement.
  {
    kind: "api",
    method: "GET",
    path: "/api/engagements/{demoClientSessionId}/calendar",
    expect: apiFor("expert or client or admin", {
      ...each(
        ["expertIncomplete", "expert", "expert2", "adminAsExpert", ...OTHER_ORGS, ...NOT_PROJECT_READERS],
        status(404, "Session not found"),
      ),
      ...each(PROJECT_READERS, okWith("BEGIN:VCALENDAR")),
    }),
  },
  {
    kind: "api",
    method: "GET",
    path: "/api/engagements/{demoExpertSessionId}/calendar",
    expect: apiFor("expert or client or admin", {
      ...each(["expertIncomplete", "expert2", "adminAsExpert", ...CLIENT_CALLERS], status(404, "Session not found")),
      expert: okWith("BEGIN:VCALENDAR"),
    }),
  },
  // The 1099-NEC export (full TINs): the real admin only; an admin viewing as someone is that someone.
  {
    kind: "api",
    method: "POST",
    path: "/api/admin/tax/1099",
    body: { year: 2026 },
    expect: apiFor("admin", { admin: okWith("Year,Payee user id,Email,Legal name") }),
  },
  // The payout batch (full payment details): the real admin only; an unknown payout is refused before anything is exported.
  {
    kind: "api",
    method: "POST",
    path: "/api/admin/payouts/export",
    body: { payoutIds: ["{missingId}"] },
    expect: apiFor("admin", { admin: status(404, "Payout not found") }),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/admin/payouts/export",
    body: { payoutIds: ["{missingId}"], reexportReason: "The bank rejected the first file." },
    expect: apiFor("admin", { admin: status(404, "Payout not found") }),
  },
  // A client's monthly statement as CSV: the caller's own lines only; a malformed month is a 400.
  {
    kind: "api",
    method: "GET",
    path: "/api/client/statements/2026-03",
    expect: apiFor("client or admin", {
      ...each(BILLING_READERS, okWith("date,project,expert,kind,amount")),
      ...roleApi(HOLDERS.billing, NOT_BILLING),
      ...each(OTHER_ORGS, okWith("date,project,expert,kind,amount", ["{demoProjectTitle}"])),
    }),
  },
  {
    kind: "api",
    method: "GET",
    path: "/api/client/statements/March",
    expect: apiFor("client or admin", {
      ...each(CLIENT_CALLERS, status(400, "Month must look like 2026-03")),
    }),
  },
  { kind: "api", method: "GET", path: "/api/auth/csrf", expect: cells(OK) },
  { kind: "api", method: "POST", path: "/api/auth-logout", freshSession: true, expect: cells(OK) },
  {
    kind: "api",
    method: "POST",
    path: "/api/admin-impersonate",
    body: { userId: "{expert2UserId}" },
    freshSession: true,
    // One impersonation at a time: stop first (409), then start another.
    expect: cells(status(403, "admin"), {
      anon: status(401, "No authentication token"),
      admin: OK,
      adminAsExpert: status(409),
      adminAsClient: status(409),
    }),
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

  // Demo mode's money clock (an instant long past releases nothing): admins only.
  {
    kind: "api",
    method: "POST",
    path: "/api/admin-test-clock",
    body: { at: "2020-01-01T00:00:00Z" },
    expect: apiFor("admin", { admin: OK }),
  },

  { kind: "api", method: "GET", path: "/robots.txt", expect: cells({ kind: "ok", text: "Disallow: /admin" }) },
  // Only verified public profiles are listed.
  { kind: "api", method: "GET", path: "/sitemap.xml", expect: cells({ kind: "ok", text: "/experts/{demoExpertId}", hide: GONE }) },
  { kind: "api", method: "GET", path: "/sitemaps/experts-999999.xml", expect: cells(status(404)) },

  // Expert API: experts only, each on their own row; not gated by onboarding (the wizard uses it).
  { kind: "api", method: "GET", path: "/api/experts-me", expect: apiFor("expert", each(EXPERT_CALLERS, OWN)) },
  {
    kind: "api",
    method: "PATCH",
    path: "/api/experts-me",
    body: { bio: 5 },
    expect: apiFor("expert", each(EXPERT_CALLERS, status(400, "bio"))),
  },
  {
    kind: "api",
    method: "PATCH",
    path: "/api/experts-me",
    body: { profile_steps: { pulse: true }, isAdmin: true },
    expect: apiFor("expert", each(EXPERT_CALLERS, status(400))),
  },
  ...(["experts-linkedin", "experts-expertise", "experts-preferences", "experts-payment"] as const).flatMap((name): Row[] => [
    {
      kind: "api",
      method: "POST",
      path: `/api/${name}`,
      body: [1, 2],
      expect: apiFor("expert", each(EXPERT_CALLERS, status(400, "The body must be a JSON object"))),
    },
  ]),
  // An empty body re-saves what is stored: the caller's own row, and only theirs.
  {
    kind: "api",
    method: "POST",
    path: "/api/experts-linkedin",
    body: {},
    expect: apiFor("expert", { expert: SHARED_DEMO, expert2: OWN, adminAsExpert: OWN, expertIncomplete: status(400) }),
  },
  // upsert-expert-signup takes no token: signed out it may only create a missing row, never change one;
  // signed in it acts only on the caller's own account.
  {
    kind: "api",
    method: "POST",
    path: "/api/upsert-expert-signup",
    body: {
      userId: "{expert2UserId}",
      email: "{expert2Email}",
      firstName: "{expert2FirstName}",
      lastName: "{expert2LastName}",
      orgName: "Takeover District",
      title: "Principal",
    },
    expect: cells(status(403, "You can only set up your own expert profile"), {
      anon: status(409, "This expert profile already exists; sign in to change it"),
      expert2: skip("would overwrite the second expert's location fields other rows read; the refusals are the point of this row"),
    }),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/upsert-expert-signup",
    body: {
      userId: "{expert2UserId}",
      email: "someone-else@example.org",
      firstName: "X",
      lastName: "Y",
      orgName: "Takeover District",
      title: "Principal",
    },
    expect: cells(status(403, "You can only set up your own expert profile"), {
      anon: status(404, "No expert account matches this sign-up"),
      expert2: status(404, "No expert account matches this sign-up"),
    }),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/upsert-expert-signup",
    body: { userId: "nope" },
    expect: cells(status(400, "userId must be a UUID")),
  },

  // Directory search: clients and admins; only an admin may list rejected profiles.
  {
    kind: "api",
    method: "POST",
    path: "/api/experts-search",
    body: {},
    expect: apiFor("client or admin", each(CLIENT_CALLERS, { kind: "ok", text: "experts", hide: [...GONE, "{demoExpertEmail}"] })),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/experts-search",
    body: { q: "Rejectedmatrix", verification: "rejected" },
    expect: apiFor("client or admin", {
      ...each(CLIENT_CALLERS, { kind: "ok", hide: ["{rejectedExpertId}"] }),
      admin: { kind: "ok", text: "{rejectedExpertId}" },
    }),
  },

  // Public endpoints: the answer never depends on who asks (a distinct client IP per cell: 5 messages per IP per 10 min).
  {
    kind: "api",
    method: "POST",
    path: "/api/contact-form",
    distinctIp: true,
    body: CONTACT_BODY,
    expect: cells({ kind: "ok", text: "We'll get back to you within 2-3 business days." }),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/contact-form",
    distinctIp: true,
    body: { ...CONTACT_BODY, role: "admin" },
    expect: cells(status(400, "Role selection is required.")),
  },
  // Stripe's webhook: only a body signed with the endpoint's secret is heard, whoever sends it.
  {
    kind: "api",
    method: "POST",
    path: "/api/webhooks/stripe",
    body: { type: "checkout.session.completed", data: { object: { id: "cs_matrix", object: "checkout.session" } } },
    expect: cells(status(400, "The Stripe-Signature header does not match this body.")),
  },
  // A survey tool's signed report: anyone may post; a survey that takes no reports (or none at all) is not found.
  {
    kind: "api",
    method: "POST",
    path: "/api/surveys/{missingId}/callback",
    body: { participant_id: "matrix-nobody", end: "complete" },
    expect: cells(status(404, "This survey takes no completion reports.")),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/auth/token",
    distinctIp: true,
    // A distinct unknown address per cell and run: the per-address sign-in throttle counts each alone.
    body: { email: "nobody-{identity}-{runTag}@example.org", password: "Wrong-Pass-123" },
    expect: cells(status(401)),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/auth/token",
    distinctIp: true,
    body: { email: "{expert2Email}", password: "DemoPass!2026" },
    expect: cells({ kind: "ok", text: "refresh_token" }),
  },
  {
    kind: "api",
    method: "POST",
    path: "/api/auth/token/refresh",
    distinctIp: true,
    body: { refresh_token: "x".repeat(40) },
    expect: cells(status(401)),
  },

  // Server actions: expert dashboard (posted to "/" so only the action's own check protects it)
  // Conflict-of-interest declarations: the signed-in expert's own (a bad domain is refused for everyone who may call it).
  expertAction(
    "lib/experts/actions/dashboard.ts#saveConflictDeclarationsAction",
    { employerDomain: "not a domain" },
    each(["expert", "expert2", "adminAsExpert"], refused(/^Enter a domain like example\.com$/)),
  ),
  expertAction("lib/experts/actions/dashboard.ts#getConflictDeclarationsAction", {}, { expert: DONE, expert2: DONE, adminAsExpert: DONE }),
  expertAction(
    "lib/engagements/actions/expert-dashboard.ts#applyAction",
    { opportunityId: "{missingId}" },
    { expert: BY_SERVICE, expert2: BY_SERVICE, adminAsExpert: BY_SERVICE },
  ),
  // The demo expert's invite is not accepted yet, so it cannot be scheduled; nobody else's engagement is found.
  expertAction(
    "lib/engagements/actions/expert-dashboard.ts#pickTimeAction",
    { engagementId: "{demoInviteId}", slotId: "{expert2SlotId}" },
    { expert: refused(INVITED), expert2: NOT_FOUND, adminAsExpert: NOT_FOUND },
  ),
  expertAction(
    "lib/engagements/actions/expert-dashboard.ts#listPickableSlotsAction",
    {},
    { expert: DONE, expert2: DONE, adminAsExpert: DONE },
  ),
  // Weekly hours are saved on the caller's own row (no id is taken); an hour off the grid is refused for everyone who may call it.
  expertAction(
    "lib/engagements/actions/expert-dashboard.ts#saveWeeklyHoursAction",
    { availabilityHours: { monday: ["07:00"] } },
    each(["expert", "expert2", "adminAsExpert"], refused(/^Availability slots are hourly from 08:00 to 19:00$/)),
  ),
  expertAction(
    "lib/engagements/actions/expert-dashboard.ts#listMonthSlotsAction",
    { month: "2030-01" },
    { expert: DONE, expert2: DONE, adminAsExpert: DONE },
  ),
  expertAction(
    "lib/experts/actions/dashboard.ts#cashOutAction",
    {},
    { expert: SHARED_DEMO, expert2: skip("pays out a seeded wallet"), adminAsExpert: skip("pays out a seeded wallet") },
  ),
  // The W-9: experts only; a TIN of 3 digits is refused by the schema after the role check (a valid one would need a fresh password).
  expertAction(
    "lib/money/actions/payments.ts#saveTaxFormAction",
    {
      legalName: "Matrix Payee",
      classification: "individual",
      addressLine1: "1 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      tinType: "SSN",
      tin: "123",
    },
    each(["expert", "expert2", "adminAsExpert"], refused(/^Enter the 9 digits of your SSN or EIN$/)),
  ),
  expertAction(
    "lib/experts/actions/dashboard.ts#answerPulseAction",
    { surveyId: "{missingId}", rating: 4 },
    { expert: BY_SERVICE, expert2: BY_SERVICE, adminAsExpert: BY_SERVICE },
  ),
  expertAction(
    "lib/experts/actions/dashboard.ts#submitFeedbackAction",
    { opportunityId: "{missingId}", rating: 4 },
    { expert: BY_SERVICE, expert2: BY_SERVICE, adminAsExpert: BY_SERVICE },
  ),
  expertAction(
    "lib/engagements/actions/expert-dashboard.ts#addSlotAction",
    { date: "{futureDate}", startTime: "09:00", endTime: "09:30", timezone: "America/New_York" },
    { expert: SHARED_DEMO, expert2: DONE, adminAsExpert: DONE },
  ),
  // Another expert's slot: refused as "not found" for everyone but its owner, and still there afterwards.
  expertAction(
    "lib/engagements/actions/expert-dashboard.ts#removeSlotAction",
    { slotId: "{expert2SlotId}" },
    { expert: BY_SERVICE, expert2: DONE, adminAsExpert: BY_SERVICE },
    { stillThere: { sql: "SELECT 1 FROM availability_slots WHERE id = $1", params: ["{expert2SlotId}"] } },
  ),
  expertAction(
    "lib/experts/actions/dashboard.ts#saveExpertiseAction",
    { ratings: [{ topic: "Curriculum Development", rating: 4 }] },
    { expert: SHARED_DEMO, expert2: DONE, adminAsExpert: DONE },
  ),
  // Settings › Monthly Goal: out of range is refused with the range for every expert; nothing is saved.
  expertAction(
    "lib/experts/actions/dashboard.ts#saveMonthlyGoalAction",
    { monthlyGoal: 0 },
    each(["expert", "expert2", "adminAsExpert"], refused(/^Enter a whole number of engagements from 1 to 50\.$/)),
  ),
  expertAction(
    "lib/experts/actions/dashboard.ts#saveSettingsAction",
    {
      privacy: { showContactInfo: false, showExperience: true, showOrganization: true, showRates: true, isPublicProfile: true },
      notifications: { emailOpportunities: true, emailReminders: true, emailFeedback: true, pushNotifications: false },
    },
    { expert: SHARED_DEMO, expert2: DONE, adminAsExpert: DONE },
  ),

  // Server actions: Settings › School calendar (each expert's own row; another expert's blackout is "not found")
  expertAction(
    "lib/engagements/actions/school-calendar.ts#saveSchoolHoursAction",
    { start: "07:45", end: "15:15", days: [1, 2, 3, 4, 5] },
    { expert: SHARED_DEMO, expert2: DONE, adminAsExpert: DONE },
  ),
  expertAction(
    "lib/engagements/actions/school-calendar.ts#addBlackoutAction",
    { label: "Matrix testing week", startsOn: "{futureDate}", endsOn: "{futureDate}" },
    { expert: SHARED_DEMO, expert2: DONE, adminAsExpert: DONE },
  ),
  expertAction(
    "lib/engagements/actions/school-calendar.ts#removeBlackoutAction",
    { blackoutId: "{expert2BlackoutId}" },
    { expert: refused(/^Blackout not found\.$/), expert2: DONE, adminAsExpert: refused(/^Blackout not found\.$/) },
    { stillThere: { sql: "SELECT 1 FROM school_blackouts WHERE id = $1", params: ["{expert2BlackoutId}"] } },
  ),
  expertAction(
    "lib/engagements/actions/school-calendar.ts#setInvitesPausedUntilAction",
    { until: "2000-01-01" },
    each(["expert", "expert2", "adminAsExpert"], refused(/^The pause date cannot be in the past\.$/)),
  ),
  expertAction(
    "lib/engagements/actions/school-calendar.ts#setInvitesPausedUntilAction",
    { until: null },
    { expert: SHARED_DEMO, expert2: DONE, adminAsExpert: DONE },
  ),

  // Work e-mail: experts request a link for their own profile (a free-mail address is refused, nothing sent);
  // the link is confirmed by anyone holding the token; badges are for clients and admins; district domains for the admin.
  expertAction(
    "lib/experts/actions/dashboard-work-email.ts#requestWorkEmailAction",
    { workEmail: "matrix@gmail.com" },
    each(["expert", "expert2", "adminAsExpert"], refused(/personal and disposable addresses can't be verified/)),
  ),
  {
    kind: "action",
    action: "lib/experts/actions/verify-work-email.ts#confirmWorkEmailAction",
    input: { token: "x".repeat(43) },
    expect: cells(refused(/invalid, already used or has expired/)),
  },
  clientAction(
    "lib/experts/actions/work-email.ts#workEmailBadgesAction",
    { expertIds: ["{demoExpertId}", "{hiddenExpertId}"] },
    each(CLIENT_CALLERS, DONE),
  ),
  adminAction(
    "lib/experts/actions/district-domains.ts#addDistrictDomainAction",
    { domain: "matrix-schools.org", districtName: "Matrix District", state: "X1" },
    refused(/two-letter state/),
  ),
  // The district review (link an expert to a district, or leave them without one) and the district
  // upload with its progress: admins only; a missing expert or run is refused by the service.
  adminAction(
    "lib/experts/actions/district-link.ts#linkExpertDistrictAction",
    { expertId: "{missingId}", leaid: "0699001" },
    refused(/^(Expert not found\.|No district with LEAID 0699001 is on file\.)$/),
  ),
  adminAction(
    "lib/experts/actions/district-link.ts#leaveExpertDistrictAction",
    { expertId: "{missingId}" },
    refused(/^Expert not found\.$/),
  ),
  adminAction("lib/districts/actions/uploads.ts#uploadDistrictFilesAction", { files: [] }, refused(/^Choose the files to import\.$/)),
  adminAction("lib/districts/actions/uploads.ts#districtImportAction", { id: "{missingId}" }, refused(/^Import not found\.$/)),
  // Rejecting a school e-mail domain: admins only; a known K-12 domain is refused before anything is stored.
  adminAction(
    "lib/experts/actions/admin-trust.ts#rejectWorkDomainAction",
    { domain: "matrix.k12.oh.us" },
    refused(/is a known school or district domain/),
  ),

  // Notifications menu: any signed-in person, their own rows; marking read is refused while viewing as someone.
  {
    kind: "action",
    action: "lib/notifications/actions.ts#listNotificationsAction",
    input: {},
    expect: cells(DONE, { anon: refused(NO_TOKEN), forged: refused(NO_TOKEN), expertIncomplete: refused(/./) }),
  },
  {
    kind: "action",
    action: "lib/notifications/actions.ts#markNotificationsReadAction",
    input: { ids: ["{missingId}"] },
    expect: cells(DONE, {
      anon: refused(NO_TOKEN),
      forged: refused(NO_TOKEN),
      expertIncomplete: refused(/./),
      adminAsExpert: refused(/^Stop viewing as another user to mark their notifications as read\.$/),
      adminAsClient: refused(/^Stop viewing as another user to mark their notifications as read\.$/),
    }),
  },

  // Server actions: engagement transitions on the demo client's invite to the demo expert.
  engagementAction("acceptEngagementAction", INVITE, {
    expert: SHARED_DEMO,
    client: refused(/^The client cannot accept this engagement\.$/),
  }),
  // Declining payment: the expert's own accepted engagement only (the demo invite is not accepted yet).
  engagementAction("declinePaymentAction", INVITE, {
    expert: refused(/^This engagement is invited, so its payment cannot be declined now\.$/),
    ...each(CLIENT_CALLERS, refused(needs("expert"))),
  }),
  engagementAction(
    "declineEngagementAction",
    { ...INVITE, reason: "matrix" },
    { expert: SHARED_DEMO, client: refused(/^The client cannot decline this engagement\.$/) },
  ),
  engagementAction("cancelEngagementAction", { ...INVITE, reason: "matrix" }, { expert: refused(INVITED), client: refused(INVITED) }),
  engagementAction(
    "rescheduleAction",
    { ...INVITE, reason: "matrix", startsAt: "2031-05-06T15:00:00Z" },
    { expert: refused(INVITED), client: refused(INVITED) },
  ),
  engagementAction("proposeTimesAction", { ...INVITE, times: ["2031-05-06T15:00:00Z"] }, { client: refused(INVITED) }, true),
  engagementAction("meetingLinkAction", { ...INVITE, meetingUrl: "https://meet.example.org/matrix" }, { client: refused(INVITED) }, true),
  engagementAction("completeSessionAction", INVITE, { client: refused(INVITED) }, true),
  engagementAction(
    "replaceEngagementAction",
    INVITE,
    { client: refused(/^Only an expert marked a no-show, or one who cancelled, can be replaced\.$/) },
    true,
  ),
  // Only the client records attendance; the expert reports a missed session instead (below).
  engagementAction("noShowAction", INVITE, { client: refused(INVITED) }, true),
  engagementAction("acceptTimeAction", INVITE, { expert: refused(INVITED), client: refused(INVITED) }),
  engagementAction("keepTimeAction", { ...INVITE, reason: "matrix" }, { expert: refused(INVITED), client: refused(INVITED) }),
  // Asks the role before the row: finance is told its role here, not "not found".
  engagementAction(
    "schoolHoursCheckAction",
    { ...INVITE, times: ["2031-05-06T15:00:00Z"] },
    { client: DONE, ...roleRefused(HOLDERS.manageProjects, ["finance"]) },
    true,
  ),
  // The outsider's own invite: its organization alone reaches it; for the demo organization's every role it does not exist.
  engagementAction(
    "cancelEngagementAction",
    { engagementId: "{outsiderInviteId}", reason: "matrix" },
    { outsider: refused(INVITED) },
    false,
    "{outsiderInviteId}",
  ),

  // Ratings: only the engagement's own sides, only once it is completed (the demo invite is not).
  clientAction(
    "lib/experts/actions/ratings.ts#rateExpertAction",
    { ...INVITE, preparation: 5, insight: 5, communication: 5, privateNote: "matrix" },
    {
      ...each(PROJECT_WRITERS, refused(NOT_COMPLETED)),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, NOT_FOUND),
    },
    {
      stillThere: {
        sql: "SELECT 1 FROM engagements e WHERE e.id = $1 AND NOT EXISTS (SELECT 1 FROM expert_ratings r WHERE r.engagement_id = e.id)",
        params: ["{demoInviteId}"],
      },
    },
  ),
  expertAction(
    "lib/experts/actions/ratings.ts#rateClientAction",
    { ...INVITE, clarity: 5, respectOfTime: 5, paymentSpeed: 5 },
    { expert: refused(NOT_COMPLETED), expert2: NOT_FOUND, adminAsExpert: NOT_FOUND },
    {
      stillThere: {
        sql: "SELECT 1 FROM engagements e WHERE e.id = $1 AND NOT EXISTS (SELECT 1 FROM client_ratings r WHERE r.engagement_id = e.id)",
        params: ["{demoInviteId}"],
      },
    },
  ),
  // An expert's averages: signed-in clients and admins (the profile's island), never experts or visitors.
  clientAction("lib/experts/actions/ratings.ts#expertRatingSummaryAction", { expertId: "{demoExpertId}" }, each(CLIENT_CALLERS, DONE)),
  clientAction(
    "lib/experts/actions/ratings.ts#expertRatingSummaryAction",
    { expertId: "{hiddenExpertId}" },
    { ...each(CLIENT_CALLERS, refused(/^Expert Not Found$/)), admin: DONE },
  ),
  // The money checks: the real admin only runs them (a read of the ledger, kept as a run).
  adminAction("lib/money/actions/invariants.ts#runMoneyChecksAction", {}, DONE),
  // Marking a statement paid: the real admin only; an unknown organization is not found.
  adminAction(
    "lib/money/actions/admin-billing.ts#markStatementPaidAction",
    { organizationId: "{missingId}", month: "2026-03", reference: "MATRIX-1" },
    refused(/^Organization not found$/),
  ),
  // The month still running (UTC) is refused before anything is looked up: only a closed month is marked paid.
  adminAction(
    "lib/money/actions/admin-billing.ts#markStatementPaidAction",
    { organizationId: "{missingId}", month: new Date().toISOString().slice(0, 7), reference: "MATRIX-2" },
    refused(/^The \d{4}-\d{2} statement is still open/),
  ),

  // Funding: the organization's billing roles ask for funds and void open invoices; the money desk records payments and credit limits.
  clientAction(
    "lib/money/actions/funding.ts#requestFundsAction",
    { amount: "0.50" },
    each(CLIENT_CALLERS, refused(/^Enter an amount between \$1 and \$1,000,000$/)),
    { via: "/client/billing" },
  ),
  // Paying by card: only an invoice of the caller's own organization, by its billing roles.
  clientAction(
    "lib/money/actions/funding.ts#payInvoiceByCardAction",
    { invoiceId: "{missingId}" },
    { ...each(CLIENT_CALLERS, refused(/^Invoice not found$/)), ...roleRefused(HOLDERS.billing, NOT_BILLING) },
    { via: "/client/billing" },
  ),
  // The outsider's open invoice: nobody of another organization may start paying it.
  clientAction(
    "lib/money/actions/funding.ts#payInvoiceByCardAction",
    { invoiceId: "{outsiderInvoiceId}" },
    {
      ...each(CLIENT_CALLERS, refused(/^Invoice not found$/)),
      ...roleRefused(HOLDERS.billing, NOT_BILLING),
      outsider: skip("its own invoice: would open a card payment; the refusals are the point of this row"),
    },
    {
      via: "/client/billing",
      stillThere: { sql: "SELECT 1 FROM funding_invoices WHERE id = $1 AND status = 'open'", params: ["{outsiderInvoiceId}"] },
    },
  ),
  clientAction(
    "lib/money/actions/funding.ts#requestFundsAction",
    { amount: "100" },
    {
      ...roleRefused(HOLDERS.billing, NOT_BILLING),
      client: skip("would add an open invoice to the demo organization other specs read"),
      ...each(["orgAdmin", "finance"], skip("would add an open invoice to the demo organization other specs read")),
      admin: skip("would add an invoice to the shared admin's organization"),
      ...each(["client2", "adminAsClient", "outsider"], DONE),
    },
    { via: "/client/billing" },
  ),
  clientAction(
    "lib/money/actions/funding.ts#voidFundingInvoiceAction",
    { invoiceId: "{demoFundingInvoiceId}" },
    {
      client: DONE,
      admin: DONE,
      ...each(["orgAdmin", "finance"], DONE),
      ...roleRefused(HOLDERS.billing, NOT_BILLING),
      ...each(["client2", "adminAsClient", "outsider"], refused(/^Invoice not found$/)),
    },
    { via: "/client/billing" },
  ),
  // The outsider's open invoice: only its own organization (and the money desk) may void it; it stays open otherwise.
  clientAction(
    "lib/money/actions/funding.ts#voidFundingInvoiceAction",
    { invoiceId: "{outsiderInvoiceId}" },
    {
      ...each(["client", "orgAdmin", "finance", "client2", "adminAsClient"], refused(/^Invoice not found$/)),
      ...roleRefused(HOLDERS.billing, NOT_BILLING),
      // After every refusal (and its check that the invoice is still open): the money desk, and the invoice's own organization.
      admin: DONE,
      outsider: DONE,
    },
    {
      via: "/client/billing",
      stillThere: { sql: "SELECT 1 FROM funding_invoices WHERE id = $1 AND status = 'open'", params: ["{outsiderInvoiceId}"] },
    },
  ),
  adminAction(
    "lib/money/actions/funding.ts#recordFundingPaymentAction",
    { invoiceId: "{missingId}", reference: "MATRIX-1" },
    refused(/^Invoice not found$/),
  ),
  adminAction(
    "lib/money/actions/funding.ts#setCreditLimitAction",
    { organizationId: "{missingId}", creditLimit: "100" },
    refused(/^Organization not found$/),
  ),

  // Survey review: the project's owner only; a place that is not a submitted survey response is refused, anyone else's is not found.
  clientAction(
    "lib/engagements/actions/surveys.ts#approveResponsesAction",
    { engagementIds: ["{demoInviteId}"] },
    {
      ...each(PROJECT_WRITERS, refused(/^This response is invited, so it cannot be approved\.$/)),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, NOT_FOUND),
    },
    { stillThere: { sql: "SELECT 1 FROM engagements WHERE id = $1 AND state = 'invited'", params: ["{demoInviteId}"] } },
  ),
  // A survey's completion callback: only the project's own writers turn it on, rotate or off; a project not theirs is not found.
  clientAction(
    "lib/engagements/actions/surveys.ts#setSurveyCallbackAction",
    { projectId: "{missingId}", mode: "on" },
    { ...each(CLIENT_CALLERS, refused(/^Project not found$/)), ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS) },
  ),
  clientAction(
    "lib/engagements/actions/surveys.ts#rejectResponseAction",
    { engagementId: "{demoInviteId}", reason: "too_fast", details: "Sent by the access matrix." },
    {
      ...each(PROJECT_WRITERS, refused(/^This study is an interview, so it cannot be changed that way\.$/)),
      ...roleRefused(HOLDERS.manageProjects, READ_ONLY),
      finance: NOT_FOUND,
      ...each(OTHER_ORGS, NOT_FOUND),
    },
    { stillThere: { sql: "SELECT 1 FROM engagements WHERE id = $1 AND state = 'invited'", params: ["{demoInviteId}"] } },
  ),
  // Bonuses: only on the client's own engagements that someone took part in; nothing moves otherwise.
  clientAction(
    "lib/engagements/actions/bonuses.ts#payBonusAction",
    { batchKey: "{missingId}", engagementId: "{demoInviteId}", amount: "5" },
    {
      ...each(PROJECT_WRITERS, refused(/^Nothing was paid: this expert has not taken part yet\.$/)),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, refused(/^Nothing was paid: no engagement of yours has this id\.$/)),
    },
    {
      stillThere: {
        sql: "SELECT 1 FROM engagements e WHERE e.id = $1 AND NOT EXISTS (SELECT 1 FROM bonuses b WHERE b.engagement_id = e.id)",
        params: ["{demoInviteId}"],
      },
    },
  ),
  clientAction(
    "lib/engagements/actions/bonuses.ts#payBonusesCsvAction",
    { batchKey: "{missingId}", csv: "{missingId},5" },
    {
      ...each(CLIENT_CALLERS, refused(/^Nothing was paid: no engagement of yours has this id\.$/)),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
    },
  ),
  // Deciding a bonus that waits for approval: the organization's billing roles only, on its own bonuses.
  clientAction(
    "lib/engagements/actions/bonuses.ts#decideBonusAction",
    { bonusId: "{missingId}", decision: "approve" },
    { ...each(CLIENT_CALLERS, refused(/^Bonus not found$/)), ...roleRefused(HOLDERS.billing, NOT_BILLING) },
    { via: "/client/billing" },
  ),
  // The bonus approval threshold: billing roles of the caller's own organization ($100 is the default: nothing changes).
  clientAction(
    "lib/engagements/actions/bonuses.ts#setBonusThresholdAction",
    { threshold: "100" },
    { ...each(CLIENT_CALLERS, DONE), ...roleRefused(HOLDERS.billing, NOT_BILLING) },
    { via: "/client/billing" },
  ),
  // A project's budget: billing roles only, on their own organization's projects.
  clientAction(
    "lib/projects/actions/projects.ts#setProjectBudgetAction",
    { projectId: "{missingId}", budget: "5" },
    { ...each(CLIENT_CALLERS, refused(/^Project not found$/)), ...roleRefused(HOLDERS.billing, NOT_BILLING) },
    { via: "/client/billing" },
  ),
  // A survey code: the expert's own place only.
  expertAction(
    "lib/engagements/actions/surveys.ts#enterSurveyCodeAction",
    { engagementId: "{missingId}", code: "MATRIX" },
    { expert: NOT_FOUND, expert2: NOT_FOUND, adminAsExpert: NOT_FOUND },
  ),
  // A survey end's confirmation: only for a participant id that is the signed-in expert's own place.
  expertAction(
    "lib/engagements/actions/surveys.ts#recordSurveyEndAction",
    { projectId: "{missingId}", end: "complete", code: "MATRIX", pid: "matrix-nobody" },
    each(["expert", "expert2", "adminAsExpert"], refused(/^We could not find your place in this survey\./)),
    { via: "/survey/{missingId}/complete" },
  ),

  // Conversations: only the engagement's two sides read or write a thread: its expert, and the members of its
  // organization who see projects (read) or run them (write); anyone else's (or none) is "not found".
  // Each side posts from its own pages (the proxy turns the other side away from them first).
  ...(["/dashboard", "/client/projects/{demoProjectId}"] as const).flatMap((via) => {
    const expertSide = via === "/dashboard";
    const base = { anon: refused(NO_TOKEN), expertIncomplete: refused(/./) };
    // Finance does not see the pipeline, so the thread is not found for it, as the project is.
    const readers: Partial<Cells> = expertSide ? { expert: DONE } : each(PROJECT_READERS, DONE);
    const writers: Partial<Cells> = expertSide
      ? { expert: DONE }
      : { ...each(PROJECT_WRITERS, DONE), ...roleRefused(HOLDERS.manageProjects, READ_ONLY) };
    return [
      {
        kind: "action" as const,
        action: "lib/engagements/actions/messages.ts#readThreadAction",
        via,
        input: INVITE,
        expect: cells(NOT_FOUND, { ...base, ...readers }),
      },
      {
        kind: "action" as const,
        action: "lib/engagements/actions/messages.ts#sendMessageAction",
        via,
        // Contact details come back with the warning, unsent: nothing is written for anyone.
        input: { ...INVITE, body: "Matrix: call me at 415-555-0134" },
        expect: cells(NOT_FOUND, { ...base, ...writers }),
        stillThere: {
          sql: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM engagement_messages WHERE engagement_id = $1)",
          params: ["{demoInviteId}"],
        },
      },
    ];
  }),
  // The outsider's conversation: its organization alone; for everyone else it does not exist, and nothing is added to it.
  clientAction(
    "lib/engagements/actions/messages.ts#readThreadAction",
    { engagementId: "{outsiderInviteId}" },
    { ...each(CLIENT_CALLERS, NOT_FOUND), outsider: DONE },
    { via: "/client/projects" },
  ),
  clientAction(
    "lib/engagements/actions/messages.ts#sendMessageAction",
    { engagementId: "{outsiderInviteId}", body: "Matrix: a note that must not arrive" },
    { ...each(CLIENT_CALLERS, NOT_FOUND), outsider: skip("its own thread") },
    {
      via: "/client/projects",
      stillThere: {
        sql: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM engagement_messages WHERE engagement_id = $1 AND body LIKE 'Matrix:%')",
        params: ["{outsiderInviteId}"],
      },
    },
  ),
  clientAction(
    "lib/engagements/actions/messages.ts#sendToExpertsAction",
    { projectId: "{demoProjectId}", engagementIds: ["{missingId}"], body: "Matrix" },
    {
      ...each(CLIENT_CALLERS, refused(/^Some of these experts are not in this project's conversations\.$/)),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
    },
  ),
  clientAction(
    "lib/engagements/actions/messages.ts#sendToExpertsAction",
    { projectId: "{outsiderProjectId}", engagementIds: ["{outsiderInviteId}"], body: "Matrix: a note that must not arrive" },
    {
      ...each(CLIENT_CALLERS, refused(/^(Project not found|Some of these experts are not in this project's conversations\.)$/)),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      outsider: skip("its own project"),
    },
    {
      stillThere: {
        sql: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM engagement_messages WHERE engagement_id = $1 AND body LIKE 'Matrix:%')",
        params: ["{outsiderInviteId}"],
      },
    },
  ),
  {
    kind: "action",
    action: "lib/engagements/actions/messages.ts#reportMessageAction",
    input: { messageId: "{missingId}", reason: "Matrix report" },
    expect: cells(refused(/^Message not found$/), { anon: refused(NO_TOKEN), expertIncomplete: refused(/./) }),
  },

  // Focus groups: a session is the project owner's alone; anyone else's (or none) is "not found", nothing changes.
  clientAction(
    "lib/engagements/actions/focus-groups.ts#addStudySessionAction",
    { projectId: "{demoProjectId}", startsAt: "2031-05-06T15:00:00Z", seats: 6, backupSeats: 1 },
    {
      ...each(PROJECT_WRITERS, refused(/^Only a focus group has sessions with seats\.$/)),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, refused(/^Project not found$/)),
    },
    { stillThere: { sql: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM study_sessions WHERE project_id = $1)", params: ["{demoProjectId}"] } },
  ),
  clientAction(
    "lib/engagements/actions/focus-groups.ts#removeStudySessionAction",
    { studySessionId: "{missingId}" },
    researchWrite(refused(/^Session not found$/)),
  ),
  clientAction(
    "lib/engagements/actions/focus-groups.ts#setStudySessionLinkAction",
    { studySessionId: "{missingId}", meetingUrl: "https://meet.example.org/matrix" },
    researchWrite(refused(/^Session not found$/)),
  ),
  clientAction(
    "lib/engagements/actions/focus-groups.ts#recordAttendanceAction",
    { studySessionId: "{missingId}", marks: [{ engagementId: "{demoInviteId}", outcome: "attended" }] },
    researchWrite(refused(/^Session not found$/)),
    { stillThere: { sql: "SELECT 1 FROM engagements WHERE id = $1 AND state = 'invited'", params: ["{demoInviteId}"] } },
  ),
  // A seat: the expert's own engagement only, and only in a focus group (the demo invite is an interview).
  ...(["takeSeatAction", "joinWaitlistAction", "leaveWaitlistAction"] as const).map((name) =>
    expertAction(
      `lib/engagements/actions/focus-groups.ts#${name}`,
      { ...INVITE, studySessionId: "{missingId}", ...(name === "takeSeatAction" ? { kind: "seat" } : {}) },
      {
        expert: refused(/^This study is an interview, so it cannot be changed that way\.$/),
        expert2: NOT_FOUND,
        adminAsExpert: NOT_FOUND,
      },
      { stillThere: { sql: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM study_seats WHERE engagement_id = $1)", params: ["{demoInviteId}"] } },
    ),
  ),

  // A missed session: the expert reports it on their own engagement once it has started; admins decide.
  expertAction(
    "lib/engagements/actions/no-show-claims.ts#reportClientNoShowAction",
    { ...INVITE, reason: "Matrix report" },
    { expert: refused(/^The session has not started yet\.$/), expert2: NOT_FOUND, adminAsExpert: NOT_FOUND },
    {
      stillThere: { sql: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM no_show_claims WHERE engagement_id = $1)", params: ["{demoInviteId}"] },
    },
  ),
  adminAction(
    "lib/engagements/actions/no-show-claims.ts#resolveNoShowReportAction",
    { claimId: "{missingId}", for: "expert", note: "Matrix note" },
    refused(/^Report not found$/),
  ),
  // A correction needs a recorded focus-group place: the demo invite has none.
  clientAction(
    "lib/engagements/actions/focus-groups.ts#correctAttendanceAction",
    { engagementId: "{demoInviteId}", outcome: "attended" },
    researchWrite(refused(/^Engagement not found$/)),
    { stillThere: { sql: "SELECT 1 FROM engagements WHERE id = $1 AND state = 'invited'", params: ["{demoInviteId}"] } },
  ),

  // Server actions: admin expert review
  // Quality review: a client disputes only their own session's earning; admins resolve.
  clientAction(
    "lib/engagements/actions/earnings-review.ts#openDisputeAction",
    { earningId: "{missingId}", reason: "Matrix dispute" },
    researchWrite(refused(/^Earning not found$/)),
  ),
  adminAction(
    "lib/engagements/actions/earnings-review.ts#resolveDisputeAction",
    { earningId: "{missingId}", for: "expert", note: "Matrix note" },
    refused(/^Earning not found$/),
  ),
  adminAction(
    "lib/experts/actions/admin-experts.ts#setVerificationStatusAction",
    { expertId: "{missingId}", status: "verified" },
    BY_SERVICE,
  ),
  adminAction("lib/experts/actions/admin-experts.ts#setLinkedinVerifiedAction", { expertId: "{missingId}", verified: true }, BY_SERVICE),

  // Server actions: client area (posted to a public page that uses them, so the action's own check answers)
  clientAction(
    "lib/projects/actions/projects.ts#shortlistExpertAction",
    { expertId: "{rejectedExpertId}" },
    researchWrite(refused(/^Expert Not Found$/)),
  ),
  clientAction(
    "lib/projects/actions/projects.ts#shortlistExpertAction",
    { expertId: "{demoExpertId}" },
    {
      ...each(PROJECT_WRITERS, DEMO_ORG_DATA("shortlist")),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      admin: skip("would change the shared admin's shortlist other specs read"),
      client2: DONE,
      adminAsClient: DONE,
      outsider: DONE,
    },
  ),
  clientAction(
    "lib/projects/actions/projects.ts#removeShortlistAction",
    { expertId: "{demoExpertId}" },
    {
      ...each(PROJECT_WRITERS, DEMO_ORG_DATA("shortlist")),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      admin: skip("would change the shared admin's shortlist other specs read"),
      client2: DONE,
      adminAsClient: DONE,
      outsider: DONE,
    },
  ),
  // The demo organization's project: only its members who run research may invite to it.
  clientAction(
    "lib/projects/actions/projects.ts#sendInviteAction",
    { expertId: "{demoExpertId}", projectId: "{demoProjectId}" },
    {
      ...each(PROJECT_WRITERS, skip("would add an invite to the demo project other specs count")),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, refused(/^Project not found$/)),
    },
  ),
  // The outsider's project: nobody else may invite to it (the outsider would add a second invite of the same expert).
  clientAction(
    "lib/projects/actions/projects.ts#sendInviteAction",
    { expertId: "{demoExpertId}", projectId: "{outsiderProjectId}" },
    {
      ...researchWrite(refused(/^Project not found$/)),
      outsider: skip("its own project; the refusals are the point of this row"),
    },
    {
      stillThere: {
        sql: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM engagements WHERE project_id = $1 AND expert_id = $2)",
        params: ["{outsiderProjectId}", "{demoExpertId}"],
      },
    },
  ),
  clientAction(
    "lib/projects/actions/projects.ts#createProjectAction",
    {
      title: "Matrix project",
      description: "Created by the access-control matrix.",
      projectType: "survey",
      surveyUrl: "https://surveys.example.org/matrix?pid={{participant_id}}",
      compensation: 10,
      durationMinutes: 15,
      locationType: "remote",
      deadline: "2099-01-01",
      researchAttested: true,
    },
    {
      ...each(PROJECT_WRITERS, skip("would add a project to the demo organization other specs count")),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      admin: skip("would add a project to the shared admin"),
      client2: DONE,
      adminAsClient: DONE,
      outsider: DONE,
    },
  ),
  // Editing, pausing or closing the demo client's project: its owner only (skipped: other specs read it); for
  // everyone else it does not exist, and it is unchanged afterwards.
  clientAction(
    "lib/projects/actions/projects.ts#updateProjectAction",
    {
      projectId: "{demoProjectId}",
      title: "Matrix edit",
      description: "Changed by the access-control matrix.",
      projectType: "survey",
      surveyUrl: "https://surveys.example.org/matrix?pid={{participant_id}}",
      compensation: 10,
      durationMinutes: 15,
      locationType: "remote",
      deadline: "2099-01-01",
    },
    {
      ...each(PROJECT_WRITERS, skip("would change the demo project other specs read")),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, refused(/^Project not found$/)),
    },
    {
      via: "/client/projects",
      stillThere: { sql: "SELECT 1 FROM projects WHERE id = $1 AND title = $2", params: ["{demoProjectId}", "{demoProjectTitle}"] },
    },
  ),
  // Accepting several applicants: the single accept's roles; another organization's project does not exist.
  clientAction(
    "lib/engagements/actions/engagements.ts#bulkAcceptAction",
    { projectId: "{demoProjectId}", engagementIds: ["{missingId}"] },
    {
      ...each(PROJECT_WRITERS, DONE),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, refused(/^Project not found$/)),
    },
    { via: "/client/projects/{demoProjectId}" },
  ),
  clientAction(
    "lib/engagements/actions/engagements.ts#bulkAcceptAction",
    { projectId: "{outsiderProjectId}", engagementIds: ["{outsiderInviteId}"] },
    {
      ...each(CLIENT_CALLERS, refused(/^Project not found$/)),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      outsider: skip("its own project"),
    },
    { stillThere: { sql: "SELECT 1 FROM engagements WHERE id = $1 AND state = 'invited'", params: ["{outsiderInviteId}"] } },
  ),
  // A project's e-mail setting: the roles that manage the project, in its organization.
  clientAction(
    "lib/engagements/actions/mail-digests.ts#setProjectMailModeAction",
    { projectId: "{demoProjectId}", mode: "auto" },
    {
      ...each(PROJECT_WRITERS, DONE),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, refused(/^Project not found$/)),
    },
    { via: "/client/projects/{demoProjectId}" },
  ),
  clientAction(
    "lib/engagements/actions/mail-digests.ts#setProjectMailModeAction",
    { projectId: "{outsiderProjectId}", mode: "hourly" },
    {
      ...each(CLIENT_CALLERS, refused(/^Project not found$/)),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      outsider: skip("would change another spec's project setting; its refusals are the point of this row"),
    },
    { stillThere: { sql: "SELECT 1 FROM projects WHERE id = $1 AND mail_mode IS NULL", params: ["{outsiderProjectId}"] } },
  ),
  // A project's sample plan: its organization's owners and researchers; for everyone else the project does not exist.
  clientAction(
    "lib/samples/actions/sample-plans.ts#saveSamplePlanAction",
    { projectId: "{demoProjectId}", plan: { mode: "targets", dimensions: ["role"], targets: { "role=teacher": 2 } } },
    {
      ...each(PROJECT_WRITERS, skip("would give the demo project a plan other specs read (the next row is their refusal)")),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, refused(/^Project not found$/)),
    },
    {
      via: "/client/projects/{demoProjectId}",
      stillThere: { sql: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM sample_plans WHERE project_id = $1)", params: ["{demoProjectId}"] },
    },
  ),
  // A plan with no target above zero is refused at the boundary, before anything is looked up: the
  // same words for every client, and nothing is stored.
  clientAction(
    "lib/samples/actions/sample-plans.ts#saveSamplePlanAction",
    { projectId: "{demoProjectId}", plan: { mode: "targets", dimensions: ["role"], targets: { "role=teacher": 0 } } },
    each([...PROJECT_WRITERS, ...NOT_PROJECT_WRITERS, ...OTHER_ORGS], refused(/^Give at least one cell a target above zero\.$/)),
    {
      via: "/client/projects/{demoProjectId}",
      stillThere: { sql: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM sample_plans WHERE project_id = $1)", params: ["{demoProjectId}"] },
    },
  ),
  clientAction(
    "lib/projects/actions/projects.ts#projectStatusAction",
    { projectId: "{demoProjectId}", status: "closed" },
    {
      ...each(PROJECT_WRITERS, skip("would close the demo project other specs read")),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, refused(/^Project not found$/)),
    },
    {
      via: "/client/projects",
      stillThere: { sql: "SELECT 1 FROM projects WHERE id = $1 AND status = 'open'", params: ["{demoProjectId}"] },
    },
  ),
  clientAction("lib/projects/actions/projects.ts#inviteProjectChoicesAction", { expertId: "{demoExpertId}" }, researchWrite(DONE)),
  clientAction(
    "lib/projects/actions/projects.ts#inviteProjectChoicesAction",
    { expertId: "{hiddenExpertId}" },
    researchWrite(refused(/^Expert Not Found$/)),
  ),
  // The client's time zone: each caller's own profile.
  clientAction(
    "lib/accounts/actions/client-settings.ts#setClientTimeZoneAction",
    { timeZone: "America/Chicago" },
    {
      client: skip("would change the demo client's time zone other specs read"),
      admin: skip("would give the shared admin a client time zone"),
      client2: DONE,
      adminAsClient: DONE,
      // Each member's own profile, whatever their role.
      ...each([...MEMBERS, "outsider"], DONE),
    },
  ),
  clientAction(
    "lib/accounts/actions/client-settings.ts#setClientTimeZoneAction",
    { timeZone: "Not/AZone" },
    each(CLIENT_CALLERS, refused(/^Unknown time zone\.$/)),
  ),
  // Public: anyone may check a listed expert's availability; an unlisted one is not found.
  {
    kind: "action",
    action: "lib/projects/actions/projects.ts#nextOpenSlotsAction",
    input: { expertId: "{demoExpertId}" },
    expect: cells(DONE, { expertIncomplete: refused(/./) }),
  },
  {
    kind: "action",
    action: "lib/projects/actions/projects.ts#nextOpenSlotsAction",
    input: { expertId: "{hiddenExpertId}" },
    expect: cells(refused(/^Expert Not Found$/), { expertIncomplete: refused(/./) }),
  },
  // An expert's e-mail: the real admin only (an admin viewing as a client is refused like a client).
  {
    kind: "action",
    action: "lib/projects/actions/projects.ts#expertEmailForAdminAction",
    input: { expertId: "{demoExpertId}" },
    expect: cells(refused(needs("admin")), { anon: refused(NO_TOKEN), expertIncomplete: refused(/./), admin: DONE }),
  },

  // Server actions: the organization (lib/organizations/actions/organizations.ts). The shared admin owns an
  // organization of their own, so to everyone else they are "not found" there and, as its last owner, stay.
  clientAction(
    `${ORG_ACTIONS}#changeMemberRoleAction`,
    { userId: "{adminUserId}", role: "viewer" },
    {
      ...each(["client", "client2", "adminAsClient", "outsider"], refused(/^Member not found$/)),
      ...roleRefused(HOLDERS.roles, MEMBERS),
      admin: refused(/^The last owner cannot be demoted\./),
    },
    { stillThere: ADMIN_STILL_OWNER },
  ),
  // Making the demo organization's viewer an owner: only its owner changes roles (skipped: later rows need a viewer).
  clientAction(
    `${ORG_ACTIONS}#changeMemberRoleAction`,
    { userId: "{viewerUserId}", role: "owner" },
    {
      client: skip("would make the matrix's viewer an owner, which later rows need as a viewer"),
      ...roleRefused(HOLDERS.roles, MEMBERS),
      ...each(OTHER_ORGS, refused(/^Member not found$/)),
    },
    { stillThere: { sql: "SELECT 1 FROM organization_members WHERE user_id = $1 AND role = 'viewer'", params: ["{viewerUserId}"] } },
  ),
  clientAction(
    `${ORG_ACTIONS}#removeMemberAction`,
    { userId: "{adminUserId}" },
    {
      ...each(["client", "client2", "adminAsClient", "outsider", "orgAdmin"], refused(/^Member not found$/)),
      ...roleRefused(HOLDERS.members, NOT_MEMBER_MANAGERS),
      admin: refused(/^To take yourself out of the organization, use Leave\.$/),
    },
    { stillThere: ADMIN_STILL_OWNER },
  ),
  // The demo organization's owner: an admin of it removes members, never an owner; nobody else reaches them.
  clientAction(
    `${ORG_ACTIONS}#removeMemberAction`,
    { userId: "{demoClientUserId}" },
    {
      client: refused(/^To take yourself out of the organization, use Leave\.$/),
      orgAdmin: refused(/owner/),
      ...roleRefused(HOLDERS.members, NOT_MEMBER_MANAGERS),
      ...each(OTHER_ORGS, refused(/^Member not found$/)),
    },
    { stillThere: { sql: "SELECT 1 FROM organization_members WHERE user_id = $1 AND role = 'owner'", params: ["{demoClientUserId}"] } },
  ),
  clientAction(
    `${ORG_ACTIONS}#leaveOrganizationAction`,
    {},
    {
      ...each(CLIENT_CALLERS, refused(/^You are the last owner, so you cannot leave\./)),
      ...each(MEMBERS, skip("would take the matrix's member out of the demo organization, which later rows need")),
    },
    {
      stillThere: ADMIN_STILL_OWNER,
    },
  ),
  clientAction(
    "lib/projects/actions/organization-closing.ts#closeOrganizationAction",
    { confirmName: "Not the organization's name" },
    { ...each(CLIENT_CALLERS, refused(/^Type the organization's name exactly to confirm\.$/)), ...roleRefused(HOLDERS.close, MEMBERS) },
  ),
  clientAction(
    `${ORG_ACTIONS}#inviteMemberAction`,
    { email: "matrix-invitee@example.org", role: "viewer" },
    {
      ...each(["client", "orgAdmin"], DEMO_ORG_DATA("invitations")),
      ...roleRefused(HOLDERS.members, NOT_MEMBER_MANAGERS),
      admin: skip("would send an invitation from the shared admin's organization"),
      adminAsClient: skip("client2's organization: its invitation to this address is already pending after client2's cell"),
      client2: DONE,
      outsider: DONE,
    },
  ),
  // An invitation to be an owner: only an owner may send one.
  clientAction(
    `${ORG_ACTIONS}#inviteMemberAction`,
    { email: "matrix-owner-invitee@example.org", role: "owner" },
    {
      client: DEMO_ORG_DATA("invitations"),
      orgAdmin: refused(/owner/),
      ...roleRefused(HOLDERS.members, NOT_MEMBER_MANAGERS),
      admin: skip("would send an invitation from the shared admin's organization"),
      adminAsClient: skip("client2's organization: its invitation to this address is already pending after client2's cell"),
      client2: DONE,
      outsider: DONE,
    },
    {
      stillThere: {
        sql: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM organization_invitations WHERE email = 'matrix-owner-invitee@example.org' AND organization_id = (SELECT organization_id FROM organization_members WHERE user_id = $1))",
        params: ["{demoClientUserId}"],
      },
    },
  ),
  clientAction(
    `${ORG_ACTIONS}#revokeInvitationAction`,
    { invitationId: "{missingId}" },
    { ...each(CLIENT_CALLERS, refused(/^Invitation not found$/)), ...roleRefused(HOLDERS.members, NOT_MEMBER_MANAGERS) },
  ),
  clientAction(
    `${ORG_ACTIONS}#resendInvitationAction`,
    { invitationId: "{missingId}" },
    { ...each(CLIENT_CALLERS, refused(/^Invitation not found$/)), ...roleRefused(HOLDERS.members, NOT_MEMBER_MANAGERS) },
  ),
  // Accepting: any signed-in account may try a link, and anyone may create an account from one; a
  // link that is no invitation is refused the same way for all.
  {
    kind: "action",
    action: `${ORG_ACTIONS}#joinOrganizationAction`,
    via: "/invitations/matrix-not-a-token-000000000000",
    input: { token: "matrix-not-a-token-000000000000" },
    expect: cells(refused(/^This invitation link is not valid\./), { anon: refused(NO_TOKEN), expertIncomplete: refused(/./) }),
  },
  {
    kind: "action",
    action: `${ORG_ACTIONS}#acceptWithNewAccountAction`,
    via: "/invitations/matrix-not-a-token-000000000000",
    input: {
      token: "matrix-not-a-token-000000000000",
      firstName: "Matrix",
      lastName: "Invitee",
      password: "Matrix-Invitee-Lantern-58",
      confirmPassword: "Matrix-Invitee-Lantern-58",
    },
    expect: cells(refused(/^This invitation link is not valid\./), { expertIncomplete: refused(/./) }),
  },

  // Server actions: onboarding wizard (experts; an unfinished one included)
  {
    kind: "action",
    action: "lib/experts/actions/onboarding.ts#saveStepAction",
    input: { step: "basics", values: {} },
    expect: cells(refused(needs("expert")), { anon: refused(NO_TOKEN), ...each(EXPERT_CALLERS, BY_SERVICE) }),
  },
  {
    kind: "action",
    action: "lib/experts/actions/onboarding.ts#saveDraftAction",
    input: { step: "linkedin", values: {} },
    expect: cells(refused(needs("expert")), {
      anon: refused(NO_TOKEN),
      expertIncomplete: DONE,
      expert: SHARED_DEMO,
      expert2: DONE,
      adminAsExpert: DONE,
    }),
  },

  // Account security (every role; never while an admin views as someone)
  {
    kind: "page",
    path: "/settings/security",
    expect: cells(OWN_NAMELESS, {
      anon: login("/login", "/settings/security"),
      expertIncomplete: ONBOARDING,
      adminAsExpert: okWith("Stop viewing as another user to manage account security."),
      adminAsClient: okWith("Stop viewing as another user to manage account security."),
    }),
  },
  securityAction(
    "changePasswordAction",
    { currentPassword: "Not-The-Password-{missingId}", newPassword: "Matrix-Lantern-42", confirmPassword: "Matrix-Lantern-42" },
    refused(/^Your current password is not correct\.$/),
  ),
  securityAction("confirmPasswordAction", { password: "Not-The-Password-{missingId}" }, refused(/^That password is not correct\.$/)),
  securityAction("signOutSessionAction", { sessionId: "{missingId}" }, refused(/^This session has already ended\.$/)),
  securityAction("signOutOtherSessionsAction", {}, skip("would sign out the shared accounts' other sessions, which other specs use")),
  // Calendar feed and text reminders (every role, for their own account; never while an admin views as someone).
  {
    kind: "page",
    path: "/settings/reminders",
    expect: cells(okWith("Your sessions in your calendar"), {
      anon: login("/login", "/settings/reminders"),
      expertIncomplete: ONBOARDING,
      adminAsExpert: okWith("Stop viewing as another user to manage their calendar feed and text messages."),
      adminAsClient: okWith("Stop viewing as another user to manage their calendar feed and text messages."),
    }),
  },
  ownSettingAction("lib/engagements/actions/calendar-feed.ts#revokeCalendarFeedAction", {}, /calendar feed/),
  ownSettingAction("lib/engagements/actions/calendar-feed.ts#issueCalendarFeedAction", {}, /calendar feed/),
  ownSettingAction("lib/sms/actions/sms.ts#turnOffSmsAction", {}, /text messages/),
  ownSettingAction("lib/sms/actions/sms.ts#turnOnSmsAction", {}, /text messages/, refused(/^Confirm your number first\.$/)),
  ownSettingAction("lib/sms/actions/sms.ts#confirmSmsCodeAction", { code: "123456" }, /text messages/, refused(/^No code is waiting/)),
  // Texting a code to a number the matrix's accounts do not own is refused before anything is sent: the number is not a phone number.
  ownSettingAction(
    "lib/sms/actions/sms.ts#startSmsOptInAction",
    { phone: "555-0100", consent: true },
    /text messages/,
    refused(/^Enter a mobile number/),
  ),
  // Twilio's webhooks: no sign-in (Twilio's signature is the proof), and with Twilio not configured they are not found.
  ...["/api/webhooks/twilio/status", "/api/webhooks/twilio/inbound"].map((path): Row => ({
    kind: "api",
    method: "POST",
    path,
    body: {},
    expect: cells(status(404, "Text messages are not sent through Twilio here.")),
  })),
  // The feed itself needs no sign-in: its token is the key, and an unknown one is not found for anyone.
  {
    kind: "api",
    method: "GET",
    path: "/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics",
    // An expert with an unfinished profile is sent to finish it first (the proxy's gate for any browser request).
    expect: cells(status(404, "This calendar feed does not exist or was turned off."), { expertIncomplete: ONBOARDING }),
  },
  // Policy consents: the re-acceptance page (exempt from the onboarding gate, which
  // would otherwise loop with it), its action (nothing is pending for these callers, so nothing
  // is written), the consent history as CSV and demo mode's version override.
  {
    kind: "page",
    path: "/settings/policies",
    expect: cells(OWN_NAMELESS, {
      anon: login("/login", "/settings/policies"),
      adminAsExpert: okWith("Only the person themselves can accept a policy."),
      adminAsClient: okWith("Only the person themselves can accept a policy."),
    }),
  },
  {
    kind: "action",
    action: "lib/accounts/actions/policies.ts#acceptPoliciesAction",
    via: "/settings/policies",
    input: { policies: ["PRIVACY"] },
    expect: cells(DONE, {
      anon: refused(NO_TOKEN),
      adminAsExpert: refused(/^Stop viewing as another user to accept policies\.$/),
      adminAsClient: refused(/^Stop viewing as another user to accept policies\.$/),
    }),
  },
  publicPage("/expert-agreement"),
  {
    kind: "api",
    method: "GET",
    path: "/api/me/consents",
    expect: cells(okWith("Accepted at,Consent,Version,IP address"), { anon: status(401, "No authentication token") }),
  },
  // The e-mail preview (demo mode, as the matrix's server runs): one kind's text part, and an unknown kind.
  {
    kind: "api",
    method: "GET",
    path: "/api/admin/mail-preview/account.disabled?part=text",
    expect: apiFor("admin", { admin: okWith("An administrator disabled your K12 Experts account") }),
  },
  {
    kind: "api",
    method: "GET",
    path: "/api/admin/mail-preview/no-such-mail",
    expect: apiFor("admin", { admin: status(404, "No such e-mail.") }),
  },
  {
    kind: "api",
    method: "GET",
    path: "/api/admin/users/{expert2UserId}/consents",
    expect: apiFor("admin", { admin: okWith("Accepted at,Consent,Version,IP address") }),
  },
  // An unknown user: the admin's cell is reached and refused before anything is stored.
  {
    kind: "api",
    method: "POST",
    path: "/api/admin-policy-versions",
    body: { policy: "PRIVACY", major: 2, userId: "{missingId}" },
    expect: apiFor("admin", { admin: status(404, "User not found") }),
  },
  adminAction(
    "lib/admin/actions/users.ts#setAccountDisabledAction",
    { userId: "{missingId}", disabled: true },
    refused(/^User not found$/),
  ),
  // What an account has open (the disable confirmation): read only, admins only.
  adminAction("lib/admin/actions/users.ts#accountOpenItemsAction", { userId: "{expert2UserId}" }, DONE),
  // The cap is platform-wide: a valid change would move it under other running specs, so the
  // admin's cell proves the action is reached and refuses an out-of-range cap.
  adminAction(
    "lib/engagements/actions/admin-invites.ts#setOpenInviteCapAction",
    { cap: 0 },
    refused(/^The cap must be a whole number between 1 and 50\.$/),
  ),
  // Pay, donate or decline: the expert's default (an unknown choice is refused by the schema after the role check),
  // one engagement's choice (the expert's own only; nobody else's is found), the money desk's donation payout
  // (a district with nothing payable is refused, nothing posted), and the donation receipt (nobody else's is found).
  expertAction(
    "lib/money/actions/incentives.ts#setIncentiveDefaultAction",
    { choice: "keep-it-all" },
    each(["expert", "expert2", "adminAsExpert"], refused(/^Choose Pay me, Donate to my school or district, or Decline$/)),
  ),
  expertAction(
    "lib/engagements/actions/incentive-choice.ts#setEngagementIncentiveAction",
    { engagementId: "{missingId}", choice: "pay" },
    each(["expert", "expert2", "adminAsExpert"], refused(/^Engagement not found$/)),
  ),
  adminAction(
    "lib/money/actions/incentives.ts#payDonationsAction",
    { leaid: "9999999", month: "2026-01", payeeName: "Matrix Fund", reference: "MATRIX-1" },
    refused(/^District not found$/),
  ),
  adminPage("/admin/donations"),
  {
    kind: "page",
    path: "/payments/donations/{missingId}",
    expect: cells(restricted("expert,admin"), {
      anon: login("/expert/login", "/payments/donations/{missingId}"),
      expertIncomplete: ONBOARDING,
      ...each(["expert", "expert2", "adminAsExpert", "admin"], status(404)),
    }),
  },
  // The payout desk: the real admin only; an unknown payout is not found (nothing is posted). Tremendous is not configured in e2e.
  adminAction(
    "lib/money/actions/admin-payouts.ts#markPayoutPaidAction",
    { payoutId: "{missingId}", reference: "MATRIX-1" },
    refused(/^Payout not found$/),
  ),
  adminAction(
    "lib/money/actions/admin-payouts.ts#markPayoutFailedAction",
    { payoutId: "{missingId}", reason: "Matrix refusal check" },
    refused(/^Payout not found$/),
  ),
  adminAction(
    "lib/money/actions/admin-payouts.ts#sendPayoutViaTremendousAction",
    { payoutId: "{missingId}" },
    refused(/^No payout provider is configured\.$/),
  ),

  // Server action: the contact form (FormData only; anything else is refused with the form's message)
  {
    kind: "action",
    action: "lib/site/actions/contact.ts#sendContactMessageAction",
    input: CONTACT_BODY,
    expect: cells(refused(/^Please try again or email us directly\.$/), { expertIncomplete: refused(/./) }),
  },

  // Server actions: public forms (anyone; the answer never depends on who asks)
  { kind: "action", action: "lib/accounts/actions/register.ts#registerExpertAction", input: {}, expect: cells(refused(/./)) },
  { kind: "action", action: "lib/accounts/actions/register.ts#registerClientAction", input: {}, expect: cells(refused(/./)) },
  {
    kind: "action",
    action: "lib/accounts/actions/reset-password.ts#requestResetAction",
    input: { email: "nobody-{missingId}@example.org" },
    expect: cells(DONE),
  },
  {
    kind: "action",
    action: "lib/accounts/actions/verify-email.ts#resendVerificationAction",
    input: { email: "nobody-{missingId}@example.org" },
    expect: cells(DONE),
  },
  {
    kind: "action",
    action: "lib/accounts/actions/verify-email.ts#resendVerificationAction",
    input: { email: "not-an-email" },
    expect: cells(refused(/valid e-mail/)),
  },
  {
    kind: "action",
    action: "lib/accounts/actions/reset-password.ts#resetPasswordAction",
    input: { token: "x".repeat(40), password: "Another-Pass-9", confirmPassword: "Another-Pass-9" },
    expect: cells(refused(/./)),
  },

  // ---- district research approval ----
  adminPage("/admin/districts/policies"),
  adminPage("/admin/districts/policies?q=CA"),
  adminPage("/admin/districts/0699901"),
  withCells(adminPage("/admin/districts/not-a-leaid"), { admin: okWith("No district on file has this NCES ID.") }),
  // Every expert opens the office page; one who is no district's officer is told so (the officer identity sees their own district).
  withCells(expertPage("/district-office"), { expert: OWN_NAMELESS, expert2: OWN_NAMELESS, adminAsExpert: OWN_NAMELESS }),
  // The directory's count is public; the policies only to signed-in clients (e-mail addresses of offices only there).
  publicPage("/districts"),
  {
    kind: "action",
    action: "lib/districts/actions/research-policies.ts#saveDistrictPolicyAction",
    input: {
      leaid: "2899901",
      policy: { approvalRequired: "no", source: "The matrix's check", sourceDate: "2026-10-01", documents: [] },
    },
    expect: cells(refused(needs("admin or expert")), {
      anon: refused(NO_TOKEN),
      expertIncomplete: refused(/./),
      ...each(["expert", "expert2", "adminAsExpert"], refused(/^District not found\.$/)),
      admin: DONE,
    }),
  },
  {
    kind: "action",
    action: "lib/districts/actions/research-policies.ts#grantDistrictOfficerAction",
    input: { leaid: "0699901", email: "nobody-{missingId}@example.org" },
    expect: cells(refused(needs("admin or expert")), {
      anon: refused(NO_TOKEN),
      expertIncomplete: refused(/./),
      ...each(["expert", "expert2", "adminAsExpert"], refused(/^District not found\.$/)),
      admin: refused(/^No account with that e-mail address\.$/),
    }),
  },
  // A study's district approvals: researchers and owners change them; other organizations see no such project.
  clientAction(
    "lib/projects/actions/district-approvals.ts#addProjectDistrictsAction",
    { projectId: "{demoProjectId}", by: "plan" },
    {
      ...each(PROJECT_WRITERS, refused(/^This study has no sample plan yet\. Add districts by a search instead\.$/)),
      ...roleRefused(HOLDERS.manageProjects, NOT_PROJECT_WRITERS),
      ...each(OTHER_ORGS, refused(/^Project not found$/)),
    },
    { via: "/client/projects/{demoProjectId}" },
  ),
  clientAction(
    "lib/projects/actions/district-approvals.ts#removeProjectDistrictAction",
    { approvalId: "{missingId}" },
    each([...PROJECT_WRITERS, ...NOT_PROJECT_WRITERS, ...OTHER_ORGS], refused(/^District approval not found\.$/)),
    { via: "/client/projects/{demoProjectId}" },
  ),
  clientAction(
    "lib/projects/actions/district-approvals.ts#requestDistrictApprovalAction",
    { approvalId: "{missingId}" },
    each([...PROJECT_WRITERS, ...NOT_PROJECT_WRITERS, ...OTHER_ORGS], refused(/^District approval not found\.$/)),
    { via: "/client/projects/{demoProjectId}" },
  ),
  clientAction(
    "lib/projects/actions/district-approvals.ts#findDistrictsAction",
    { q: "Harbor" },
    each([...PROJECT_WRITERS, ...NOT_PROJECT_WRITERS, ...OTHER_ORGS], DONE),
    { via: "/client/projects/{demoProjectId}" },
  ),
  // A district officer answers only their own district's requests: any other request is "not found".
  {
    kind: "action",
    action: "lib/projects/actions/district-approvals.ts#answerDistrictRequestAction",
    via: "/district-office",
    input: { approvalId: "{missingId}", answer: "approve" },
    expect: cells(refused(needs("expert or admin")), {
      anon: refused(NO_TOKEN),
      expertIncomplete: refused(/./),
      ...each(["expert", "expert2", "adminAsExpert", "admin"], refused(/^Request not found\.$/)),
    }),
  },
  // The office's review link needs no account: the token is the only key.
  {
    kind: "action",
    action: "lib/projects/actions/district-approvals.ts#answerReviewLinkAction",
    input: { token: "x".repeat(40), answer: "approve" },
    expect: cells(refused(/^This review link is not valid\. Ask the researcher for a new one\.$/), { expertIncomplete: refused(/./) }),
  },
  {
    kind: "page",
    path: "/district-review/{missingId}",
    expect: cells(okWith("This review link is not valid."), { expertIncomplete: ONBOARDING }),
  },
  // Approval letters: the study's organization uploads; only admins check them; the PDF reaches
  // the admins and the study's own organization (the outsider's letter: nobody of the demo organization).
  adminPage("/admin/districts/letters"),
  {
    kind: "api",
    method: "GET",
    path: "/api/district-letters/{outsiderLetterId}",
    expect: apiFor("client or admin", { ...each(CLIENT_CALLERS, status(404, "Approval letter not found.")), admin: OK, outsider: OK }),
  },
  {
    kind: "api",
    method: "GET",
    path: "/api/district-letters/not-a-uuid",
    expect: apiFor("client or admin", each(CLIENT_CALLERS, status(404, "Approval letter not found."))),
  },
  clientAction(
    "lib/projects/actions/district-letters.ts#uploadApprovalLetterAction",
    { approvalId: "{missingId}", expiresOn: "2099-06-30" },
    each([...PROJECT_WRITERS, ...NOT_PROJECT_WRITERS, ...OTHER_ORGS], refused(/^Choose the signed letter as a PDF file\.$/)),
    { via: "/client/projects/{demoProjectId}" },
  ),
  // Rejecting without a reason changes nothing: the cell proves who reaches the check, the letter stays pending.
  {
    kind: "action",
    action: "lib/projects/actions/district-letters.ts#reviewApprovalLetterAction",
    via: "/admin/districts/letters",
    input: { letterId: "{outsiderLetterId}", decision: "reject" },
    expect: cells(refused(needs("admin")), { anon: refused(NO_TOKEN), admin: refused(/^Say why the letter cannot be accepted\.$/) }),
  },

  {
    kind: "action",
    action: "lib/experts/actions/officer-invites.ts#inviteDistrictOfficerAction",
    via: "/district-office",
    input: { leaid: "0699901", email: "someone-{missingId}@example.org" },
    expect: cells(refused(needs("expert or admin")), {
      anon: refused(NO_TOKEN),
      expertIncomplete: refused(/./),
      ...each(["expert", "expert2", "adminAsExpert"], refused(/^District not found\.$/)),
      admin: refused(/^Invite a school e-mail on .+'s own domain\.$/),
    }),
  },
  ...STUDY_CONSENT_ROWS,
];

/**
 * The signed-in pages: every page row whose signed-out cell is a login. A cookie replayed after
 * its session ended (logout) must get what a visitor gets there as a plain 307 with an empty
 * body, never a streamed page with the redirect inside it (matrix.spec.ts).
 */
export const SIGNED_IN_PAGES = ROUTES.flatMap((row) => {
  const anon = row.expect.anon;
  return row.kind === "page" && anon.kind === "redirect" && /^\/(login|expert\/login|client\/login)\?/.test(anon.to)
    ? [{ path: row.path, login: anon.to }]
    : [];
});
