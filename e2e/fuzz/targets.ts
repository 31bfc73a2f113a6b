/**
 * Hostile-input fuzzing: ONE table of every route handler and server action.
 * The runner (fuzz.spec.ts) sends generated payloads as `as` and expects a 4xx (or an action's
 * { ok: false }) with a clear message, never a 5xx, and an unchanged `snapshot` after every
 * rejected request. To cover a new route, add a row.
 *
 * `snapshot` is SQL returning ONE text value for the rows the target could change, scoped by
 * $1 = the fuzz user's id and $2 = the fuzz expert's id (so other specs running at the same
 * time do not disturb it). Helpers below build it from (table, owner column) pairs.
 */
export type FuzzCaller = "anon" | "fuzzExpert" | "fuzzClient" | "fuzzAdmin";

export type FuzzTarget = {
  name: string;
  as: FuzzCaller;
  /** Route handler (method + path) or server action ("<file>#<export>", posted to `via` or its page). */
  http?: { method: "GET" | "POST" | "PATCH"; path: string };
  action?: string;
  via?: string;
  /** The real field names: payloads mix them with junk keys and hostile values. */
  fields: string[];
  snapshot: string | null;
  /** Statuses/results that are fine even though they are not rejections (e.g. logout always succeeds). */
  mayAccept?: boolean;
  /** The query parameter a GET target's payload is sent in (default `q`); its `path` may hold others. */
  param?: string;
  /** Payloads for this target (default 80). */
  runs?: number;
  /** Each payload from its own client IP 10.77.x.y (per-IP throttles would otherwise answer 429 for most). */
  distinctIp?: boolean;
};

type Scope = [
  table: string,
  column: "user_id" | "expert_id" | "id" | "admin_user_id" | "client_user_id" | "owner_user_id",
  key: "$1" | "$2",
];
/** count + md5 of each scoped table, in one string. */
export const snapshotOf = (...scopes: Scope[]) =>
  "SELECT concat_ws(' ', " +
  scopes
    .map(
      ([table, col, key]) =>
        `(SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') FROM ${table} t WHERE ${col} = ${key}::uuid)`,
    )
    .join(", ") +
  ")";

/** The district research policies and officer grants the fuzz admin could write ($1 = the fuzz admin). */
const DISTRICT_POLICIES_BY_FUZZ_ADMIN =
  "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') FROM district_research_policies t WHERE updated_by_id = $1::uuid";
const DISTRICT_OFFICERS_BY_FUZZ_ADMIN =
  "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') FROM district_officers t WHERE granted_by_id = $1::uuid";

/** The district approvals of the fuzz client's projects ($1 = the fuzz client). */
const DISTRICT_APPROVALS_OF_FUZZ_CLIENT =
  "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') FROM project_district_approvals t JOIN projects p ON p.id = t.project_id WHERE p.client_user_id = $1::uuid";
/** Approval letters uploaded for the fuzz client's projects, and letters the fuzz admin checked. */
const DISTRICT_LETTERS_OF_FUZZ_CLIENT =
  "SELECT count(*) || ':' || coalesce(md5(string_agg(t.id::text || t.status::text, '|' ORDER BY t.id)), '-') FROM district_approval_letters t JOIN project_district_approvals a ON a.id = t.approval_id JOIN projects p ON p.id = a.project_id WHERE p.client_user_id = $1::uuid";
const DISTRICT_LETTERS_REVIEWED_BY_FUZZ_ADMIN =
  "SELECT count(*) || ':' || coalesce(md5(string_agg(t.id::text || t.status::text, '|' ORDER BY t.id)), '-') FROM district_approval_letters t WHERE reviewed_by_id = $1::uuid";
/** Officer invitations the fuzz user sent ($1 = the fuzz user). */
const DISTRICT_INVITES_BY_FUZZ_USER =
  "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') FROM district_officer_invites t WHERE invited_by_id = $1::uuid";
/** Answers the fuzz user could have given as an officer ($1 = the fuzz user). */
const DISTRICT_ANSWERS_BY_FUZZ_USER =
  "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') FROM project_district_approval_events t WHERE actor_user_id = $1::uuid";

const EXPERT_ROWS = snapshotOf(
  ["experts", "id", "$2"],
  ["availability_slots", "expert_id", "$2"],
  ["expertise_ratings", "expert_id", "$2"],
  ["engagements", "expert_id", "$2"],
  ["pulse_responses", "expert_id", "$2"],
  ["feedback_submissions", "expert_id", "$2"],
  ["notification_preferences", "user_id", "$1"],
  ["ledger_accounts", "owner_user_id", "$1"],
  ["payouts", "user_id", "$1"],
);
/** GET targets for a signed-in page's list, one per query parameter fuzzed; each render is a page, so fewer runs. */
function pagedListTargets(as: FuzzCaller, pages: [path: string, param: string][]): FuzzTarget[] {
  return pages.map(([path, param]) => ({
    name: `GET ${path} (${param})`,
    as,
    http: { method: "GET", path },
    param,
    fields: [param],
    snapshot: null,
    mayAccept: true,
    runs: 15,
  }));
}

const ADMIN_ROWS = snapshotOf(["impersonation_events", "admin_user_id", "$1"], ["experts", "id", "$2"]);
/** Accounts a public form could create: anything not made by the specs' own helpers. */
const NEW_ACCOUNTS =
  "SELECT count(*) || ':' || coalesce(md5(string_agg(u.id::text || u.email, '|' ORDER BY u.id)), '-') FROM users u WHERE u.email NOT LIKE '%@example.org' AND u.email NOT LIKE '%@example.com'";

/** What a client action could change: the fuzz client's own rows ($1 = the fuzz client). */
const CLIENT_ROWS = snapshotOf(
  ["shortlists", "client_user_id", "$1"],
  ["projects", "client_user_id", "$1"],
  ["engagements", "client_user_id", "$1"],
);
/** A focus group's sessions and places: the fuzz client's projects', or the fuzz expert's engagements' ($1 = the caller). */
const placesBy = (scope: string) =>
  `(SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') FROM study_seats t JOIN engagements e ON e.id = t.engagement_id WHERE ${scope})`;
const CLIENT_SESSION_ROWS =
  "SELECT concat_ws(' ', (SELECT count(*) || ':' || coalesce(md5(string_agg(s::text, '|' ORDER BY s::text)), '-') FROM study_sessions s JOIN projects p ON p.id = s.project_id WHERE p.client_user_id = $1::uuid), " +
  placesBy("e.client_user_id = $1::uuid") +
  ")";
const EXPERT_SEAT_ROWS = `SELECT concat_ws(' ', ${placesBy("e.expert_id IN (SELECT id FROM experts WHERE user_id = $1::uuid)")}, (SELECT count(*)::text FROM engagements e JOIN experts x ON x.id = e.expert_id WHERE x.user_id = $1::uuid AND e.state = 'scheduled'))`;
/** Messages and reports anyone could write (the fuzz callers share no engagement, so these stay as they are). */
const MESSAGE_ROWS =
  "SELECT (SELECT count(*) FROM engagement_messages WHERE sender_user_id = $1::uuid) || ':' || (SELECT count(*) FROM message_reports WHERE reporter_user_id = $1::uuid)";
/** Money a client's bonus could move: the bonus rows and the client's ledger accounts. */
const BONUS_ROWS = snapshotOf(["bonuses", "client_user_id", "$1"], ["ledger_accounts", "owner_user_id", "$1"]);
/** Ratings on the fuzz client's engagements (by the client) and the fuzz expert's (by the expert); statements the fuzz admin marked paid. */
const RATINGS_BY_FUZZ_CLIENT =
  "SELECT count(*)::text FROM expert_ratings r JOIN engagements e ON e.id = r.engagement_id WHERE e.client_user_id = $1::uuid";
const RATINGS_BY_FUZZ_EXPERT =
  "SELECT count(*)::text FROM client_ratings r JOIN engagements e ON e.id = r.engagement_id JOIN experts x ON x.id = e.expert_id WHERE x.user_id = $1::uuid";
const STATEMENTS_MARKED_BY_FUZZ_ADMIN = "SELECT count(*)::text FROM client_statement_payments WHERE marked_by_id = $1::uuid";
/** Funding invoices of the caller's organization, with their states. */
const FUNDING_INVOICES_OF_CALLER =
  "SELECT count(*) || ':' || coalesce(string_agg(status::text, ',' ORDER BY number), '-') FROM funding_invoices WHERE organization_id = (SELECT organization_id FROM organization_members WHERE user_id = $1::uuid)";
const FUNDING_RECORDED_BY_FUZZ_ADMIN = "SELECT count(*)::text FROM funding_invoices WHERE recorded_by_id = $1::uuid";
const CREDIT_LIMIT_OF_CALLER =
  "SELECT coalesce((SELECT credit_limit_cents::text FROM organizations WHERE id = (SELECT organization_id FROM organization_members WHERE user_id = $1::uuid)), '-')";
/** The caller's password and live sessions ($1 = the fuzz user). */
const OWN_CREDENTIALS = snapshotOf(["password_credentials", "user_id", "$1"]);
/** The fuzz user's text-message subscription and texts. */
const SMS_ROWS = snapshotOf(["sms_subscriptions", "user_id", "$1"], ["sms_messages", "user_id", "$1"]);
const OWN_LIVE_SESSIONS = "SELECT count(*)::text FROM auth_sessions WHERE user_id = $1::uuid AND revoked_at IS NULL";
const DISABLED_ACCOUNTS = "SELECT count(*)::text FROM users WHERE disabled_at IS NOT NULL";
/** Contact messages sent from the fuzz run's addresses (distinctIp). */
const FUZZ_CONTACTS = "SELECT count(*)::text FROM contact_messages WHERE ip_address LIKE '10.77.%'";
/** The fuzz expert's school calendar (hours, days and pause on the expert row; blackouts) and roles (junk keys such as "role"). */
const SCHOOL_CALENDAR_ROWS = snapshotOf(["experts", "id", "$2"], ["school_blackouts", "expert_id", "$2"], ["user_roles", "user_id", "$1"]);
/** Work e-mail links issued to the fuzz expert, and district domains the fuzz admin accepted. */
const WORK_EMAIL_TOKENS = "SELECT count(*)::text FROM one_time_tokens WHERE user_id = $1::uuid AND purpose = 'work_email_verification'";
const DISTRICT_DOMAINS_BY_FUZZ_ADMIN = "SELECT count(*)::text FROM district_domains WHERE added_by_id = $1::uuid";
/** District review decisions and district uploads the fuzz admin made. */
const DISTRICT_DECISIONS_BY_FUZZ_ADMIN =
  "SELECT (SELECT count(*) FROM district_review_dismissals WHERE dismissed_by_id = $1::uuid) || ':' || (SELECT count(*) FROM district_imports WHERE created_by_id = $1::uuid)";
/** School e-mail domains the fuzz admin rejected. */
const REJECTED_WORK_DOMAINS = "SELECT count(*)::text FROM rejected_work_domains WHERE rejected_by_id = $1::uuid";
/** The fuzz client's profile (its time zone). */
const CLIENT_PROFILE = snapshotOf(["client_profiles", "user_id", "$1"]);
/** What the payout desk could change for the fuzz admin: payouts it settled and batches it exported. */
const PAYOUT_DESK =
  "SELECT (SELECT count(*) FROM payouts WHERE settled_by_id = $1::uuid) || ':' || (SELECT count(*) FROM payout_exports WHERE admin_user_id = $1::uuid)";
// Without the per-user policy-version overrides that e2e/consents.spec.ts sets for its own user meanwhile.
const PLATFORM_SETTINGS =
  "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') FROM platform_settings t WHERE t.key NOT LIKE 'policy_version_override:%:%'";
const STEP_FIELDS: Record<string, string[]> = {
  linkedin: ["linkedinUrl", "linkedinHeadline"],
  expertise: ["yearsInRole", "expertiseTags", "tools", "districtType", "districtSizeBand", "urbanicity"],
  preferences: [
    "researchTypes",
    "interviewPreferences",
    "availabilityStatus",
    "availabilityHours",
    "maxHoursPerWeek",
    "isPublicProfile",
    "showOrganization",
  ],
  payment: [
    "preferredPaymentMethod",
    "paymentDetails",
    "bankName",
    "accountHolder",
    "routingNumber",
    "accountNumber",
    "hourlyRateMin",
    "hourlyRateMax",
  ],
};
const client = (name: string, fields: string[], extra: Partial<FuzzTarget> = {}): FuzzTarget => ({
  name,
  as: "fuzzClient",
  action: `lib/projects/actions/projects.ts#${name}`,
  fields,
  snapshot: CLIENT_ROWS,
  runs: 40,
  ...extra,
});

/** The caller's organization: its members, invitations and whether it is closed ($1 = the fuzz client). */
const ORG_OF = "SELECT organization_id FROM organization_members WHERE user_id = $1::uuid";
const ORG_ROWS =
  "SELECT concat_ws(' ', " +
  `(SELECT count(*) || ':' || coalesce(md5(string_agg(m::text, '|' ORDER BY m::text)), '-') FROM organization_members m WHERE m.organization_id IN (${ORG_OF})), ` +
  `(SELECT count(*) || ':' || coalesce(md5(string_agg(i::text, '|' ORDER BY i::text)), '-') FROM organization_invitations i WHERE i.organization_id IN (${ORG_OF})), ` +
  `(SELECT count(*)::text FROM organizations o WHERE o.closed_at IS NULL AND o.id IN (${ORG_OF})))`;
const org = (name: string, fields: string[], extra: Partial<FuzzTarget> = {}): FuzzTarget => ({
  name,
  as: "fuzzClient",
  action: `lib/organizations/actions/organizations.ts#${name}`,
  via: "/client/organization",
  fields,
  snapshot: ORG_ROWS,
  runs: 40,
  ...extra,
});

const schoolCalendar = (name: string, fields: string[], extra: Partial<FuzzTarget> = {}): FuzzTarget => ({
  name,
  as: "fuzzExpert",
  action: `lib/engagements/actions/school-calendar.ts#${name}`,
  via: "/dashboard",
  fields,
  snapshot: SCHOOL_CALENDAR_ROWS,
  runs: 40,
  ...extra,
});

/** The expert's engagement and availability actions live with engagements. */
const ENGAGEMENT_ACTIONS = "lib/engagements/actions/expert-dashboard.ts";

const dash = (name: string, fields: string[], file = "lib/experts/actions/dashboard.ts"): FuzzTarget => ({
  name,
  as: "fuzzExpert",
  action: `${file}#${name}`,
  via: "/dashboard",
  fields,
  snapshot: EXPERT_ROWS,
});

/** A study's consent: the fuzz expert's signatures and withdrawals, and the documents of the fuzz client's projects. */
const EXPERT_CONSENT_ROWS =
  "SELECT concat_ws(' ', (SELECT count(*)::text FROM study_consent_signatures WHERE expert_id = $2::uuid), (SELECT count(*)::text FROM study_consent_withdrawals w JOIN engagements e ON e.id = w.engagement_id WHERE e.expert_id = $2::uuid), (SELECT count(*)::text FROM engagements e JOIN experts x ON x.id = e.expert_id WHERE x.user_id = $1::uuid AND e.state = 'cancelled'))";
const CLIENT_DOCUMENT_ROWS =
  "SELECT count(*)::text FROM study_documents d JOIN projects p ON p.id = d.project_id WHERE p.client_user_id = $1::uuid";
const STUDY_CONSENT_TARGETS: FuzzTarget[] = [
  {
    name: "GET /api/study-documents/[id]",
    as: "fuzzExpert",
    http: { method: "GET", path: "/api/study-documents/7d1c2a4e-0000-4000-8000-00000000dead" },
    fields: ["id", "download"],
    snapshot: EXPERT_CONSENT_ROWS,
    runs: 20,
  },
  {
    name: "GET /client/projects/[id]/consent-records",
    as: "fuzzClient",
    http: { method: "GET", path: "/client/projects/00000000-0000-4000-8000-000000000000/consent-records" },
    fields: ["format"],
    snapshot: CLIENT_ROWS,
    runs: 20,
  },
  {
    name: "uploadStudyDocumentAction",
    as: "fuzzClient",
    action: "lib/engagements/actions/consent.ts#uploadStudyDocumentAction",
    via: "/client/projects",
    fields: ["projectId", "kind", "expiresOn", "file"],
    snapshot: CLIENT_DOCUMENT_ROWS,
    runs: 40,
  },
  {
    name: "signStudyConsentAction",
    as: "fuzzExpert",
    action: "lib/engagements/actions/consent.ts#signStudyConsentAction",
    via: "/dashboard",
    fields: ["projectId", "documentId", "typedName"],
    snapshot: EXPERT_CONSENT_ROWS,
    runs: 40,
  },
  {
    name: "withdrawConsentAction",
    as: "fuzzExpert",
    action: "lib/engagements/actions/consent.ts#withdrawConsentAction",
    via: "/dashboard",
    fields: ["engagementId"],
    snapshot: EXPERT_CONSENT_ROWS,
    runs: 30,
  },
];

export const FUZZ_TARGETS: FuzzTarget[] = [
  ...STUDY_CONSENT_TARGETS,
  // Route handlers
  {
    name: "POST /api/admin-impersonate",
    as: "fuzzAdmin",
    http: { method: "POST", path: "/api/admin-impersonate" },
    fields: ["userId", "persona", "action"],
    snapshot: ADMIN_ROWS,
  },
  {
    name: "POST /api/admin-impersonate/stop",
    as: "fuzzExpert",
    http: { method: "POST", path: "/api/admin-impersonate/stop" },
    fields: ["action"],
    snapshot: ADMIN_ROWS,
    runs: 40,
  },
  {
    name: "POST /api/admin-seed-demo (expert)",
    as: "fuzzExpert",
    http: { method: "POST", path: "/api/admin-seed-demo" },
    fields: ["reset", "force"],
    snapshot: EXPERT_ROWS,
    runs: 40,
  },
  {
    name: "POST /api/auth-logout",
    as: "anon",
    http: { method: "POST", path: "/api/auth-logout" },
    fields: [],
    snapshot: null,
    mayAccept: true,
    runs: 40,
  },
  {
    name: "GET /api/me",
    as: "fuzzExpert",
    http: { method: "GET", path: "/api/me" },
    fields: ["userId", "email"],
    snapshot: EXPERT_ROWS,
    mayAccept: true,
    runs: 40,
  },
  {
    name: "GET /api/health",
    as: "anon",
    http: { method: "GET", path: "/api/health" },
    fields: ["verbose"],
    snapshot: null,
    mayAccept: true,
    runs: 20,
  },
  {
    name: "GET /api/ready",
    as: "anon",
    http: { method: "GET", path: "/api/ready" },
    fields: ["verbose"],
    snapshot: null,
    mayAccept: true,
    runs: 20,
  },
  {
    name: "POST /api/auth/callback/credentials",
    as: "anon",
    http: { method: "POST", path: "/api/auth/callback/credentials" },
    fields: ["email", "password", "portal", "csrfToken", "json"],
    snapshot: NEW_ACCOUNTS,
    runs: 60,
  },

  // Expert API (as the fuzz expert: each call could only touch its own row)
  // The paged lists of signed-in pages: a hostile search, filter or page token renders the list's
  // first page (or no match), never a 500.
  ...pagedListTargets("fuzzExpert", [
    ["/dashboard?tab=opportunities", "q"],
    ["/dashboard?tab=opportunities&q=study", "after"],
    ["/dashboard?tab=opportunities", "format"],
    ["/dashboard?tab=opportunities", "project"],
  ]),
  ...pagedListTargets("fuzzAdmin", [
    ["/admin/users", "after"],
    ["/admin/payouts", "before"],
    ["/admin/organizations?q=research", "after"],
  ]),
  ...pagedListTargets("fuzzClient", [
    ["/client/projects", "before"],
    ["/client/shortlist", "after"],
  ]),
  {
    name: "GET /api/experts-me",
    as: "fuzzExpert",
    http: { method: "GET", path: "/api/experts-me" },
    fields: ["userId"],
    snapshot: EXPERT_ROWS,
    mayAccept: true,
    runs: 20,
  },
  {
    name: "PATCH /api/experts-me",
    as: "fuzzExpert",
    http: { method: "PATCH", path: "/api/experts-me" },
    fields: [
      "roleTitle",
      "organizationName",
      "state",
      "availabilityStatus",
      "timeZone",
      "bio",
      "department",
      "pulse_scores",
      "improvement_areas",
      "additional_notes",
      "profile_steps",
    ],
    snapshot: EXPERT_ROWS,
    runs: 60,
  },
  // A body of only unknown keys re-saves what is stored, so an accepted payload is fine here.
  ...Object.entries(STEP_FIELDS).map(([step, fields]): FuzzTarget => ({
    name: `POST /api/experts-${step}`,
    as: "fuzzExpert",
    http: { method: "POST", path: `/api/experts-${step}` },
    fields,
    snapshot: EXPERT_ROWS,
    mayAccept: true,
    runs: 40,
  })),
  {
    name: "POST /api/upsert-expert-signup",
    as: "anon",
    http: { method: "POST", path: "/api/upsert-expert-signup" },
    fields: ["userId", "firstName", "lastName", "email", "orgName", "title", "state", "city", "zip", "phone"],
    snapshot: EXPERT_ROWS,
    runs: 60,
  },
  // Read-only: filters may be accepted; never a 5xx.
  {
    name: "POST /api/experts-search",
    as: "fuzzClient",
    http: { method: "POST", path: "/api/experts-search" },
    fields: [
      "q",
      "state",
      "role",
      "department",
      "districtType",
      "districtSize",
      "urbanicity",
      "localeGroup",
      "enrollmentBand",
      "povertyQuartile",
      "availability",
      "verification",
      "tag",
      "tool",
      "page",
      "sort",
      "recruitingFor",
      "variant",
      "minRate",
      "maxRate",
    ],
    snapshot: CLIENT_ROWS,
    mayAccept: true,
    runs: 60,
  },
  {
    name: "POST /api/contact-form",
    as: "anon",
    http: { method: "POST", path: "/api/contact-form" },
    fields: ["name", "email", "role", "subject", "message", "fileUrl"],
    snapshot: FUZZ_CONTACTS,
    distinctIp: true,
    runs: 60,
  },
  {
    name: "POST /api/auth/token",
    as: "anon",
    http: { method: "POST", path: "/api/auth/token" },
    fields: ["email", "password"],
    snapshot: NEW_ACCOUNTS,
    distinctIp: true,
    runs: 40,
  },
  {
    name: "POST /api/auth/token/refresh",
    as: "anon",
    http: { method: "POST", path: "/api/auth/token/refresh" },
    fields: ["refresh_token"],
    snapshot: null,
    distinctIp: true,
    runs: 40,
  },
  {
    name: "GET /client/shortlist/export",
    as: "fuzzClient",
    http: { method: "GET", path: "/client/shortlist/export" },
    fields: ["format"],
    snapshot: CLIENT_ROWS,
    mayAccept: true,
    runs: 20,
  },
  {
    name: "GET /sitemap.xml",
    as: "anon",
    http: { method: "GET", path: "/sitemap.xml" },
    fields: ["page"],
    snapshot: null,
    mayAccept: true,
    runs: 20,
  },
  {
    name: "GET /robots.txt",
    as: "anon",
    http: { method: "GET", path: "/robots.txt" },
    fields: ["x"],
    snapshot: null,
    mayAccept: true,
    runs: 10,
  },

  // Server actions: client area (as a client of the fuzz run)
  client("shortlistExpertAction", ["expertId"]),
  client("removeShortlistAction", ["expertId"], { mayAccept: true }), // removing what is not there is a success that changes nothing
  client("sendInviteAction", ["expertId", "projectId", "message", "confirmConflict"]),
  client("createProjectAction", [
    "title",
    "description",
    "projectType",
    "compensation",
    "durationMinutes",
    "locationType",
    "deadline",
    "quota",
    "timeZone",
    "visibility",
    "screener",
    "researchAttested",
  ]),
  // The fuzz client owns no project: an edit or a status change can only be refused.
  client(
    "updateProjectAction",
    [
      "projectId",
      "title",
      "description",
      "projectType",
      "compensation",
      "durationMinutes",
      "locationType",
      "deadline",
      "quota",
      "timeZone",
      "visibility",
      "screener",
    ],
    { via: "/client/projects" },
  ),
  client("projectStatusAction", ["projectId", "status"], { via: "/client/projects" }),
  // A sample plan: the fuzz client owns no project, so every plan is refused and nothing is stored.
  client("saveSamplePlanAction", ["projectId", "plan"], {
    action: "lib/samples/actions/sample-plans.ts#saveSamplePlanAction",
    via: "/client/projects",
  }),
  // Bulk accept and the e-mail setting: the fuzz client owns no project, so both are refused and nothing changes.
  client("bulkAcceptAction", ["projectId", "engagementIds"], {
    action: "lib/engagements/actions/engagements.ts#bulkAcceptAction",
    via: "/client/projects",
  }),
  client("setProjectMailModeAction", ["projectId", "mode"], {
    action: "lib/engagements/actions/mail-digests.ts#setProjectMailModeAction",
    via: "/client/projects",
  }),
  client("inviteProjectChoicesAction", ["expertId"], { mayAccept: true, runs: 20 }),
  client("nextOpenSlotsAction", ["expertId"], { as: "anon", snapshot: null }),
  // The organization: the fuzz client is the only owner of an organization of its own.
  org("changeMemberRoleAction", ["userId", "role"]),
  org("removeMemberAction", ["userId", "reassignToUserId"]),
  org("leaveOrganizationAction", []),
  org("closeOrganizationAction", ["confirmName"], { action: "lib/projects/actions/organization-closing.ts#closeOrganizationAction" }),
  org("inviteMemberAction", ["email", "role"]),
  org("revokeInvitationAction", ["invitationId"]),
  org("resendInvitationAction", ["invitationId"]),
  org("joinOrganizationAction", ["token"], { via: "/invitations/fuzz-not-a-token-0000000000000" }),
  org("acceptWithNewAccountAction", ["token", "firstName", "lastName", "password", "confirmPassword"], {
    as: "anon",
    via: "/invitations/fuzz-not-a-token-0000000000000",
    snapshot: NEW_ACCOUNTS,
    distinctIp: true,
  }),
  client("expertEmailForAdminAction", ["expertId"], { as: "fuzzAdmin", snapshot: null, mayAccept: true }),

  // Server actions: engagement transitions (the fuzz client and expert have no engagement, so nothing may change)
  ...(
    [
      ["acceptEngagementAction", ["engagementId", "outsideActivityConfirmed"], "fuzzExpert"],
      ["declinePaymentAction", ["engagementId"], "fuzzExpert"],
      ["declineEngagementAction", ["engagementId", "reason"], "fuzzExpert"],
      ["cancelEngagementAction", ["engagementId", "reason"], "fuzzClient"],
      ["rescheduleAction", ["engagementId", "reason", "startsAt", "slotId", "weeklyAt", "proposalId"], "fuzzClient"],
      ["proposeTimesAction", ["engagementId", "times"], "fuzzClient"],
      ["meetingLinkAction", ["engagementId", "meetingUrl"], "fuzzClient"],
      ["completeSessionAction", ["engagementId"], "fuzzClient"],
      ["replaceEngagementAction", ["engagementId"], "fuzzClient"],
      ["noShowAction", ["engagementId", "reason"], "fuzzClient"],
      ["acceptTimeAction", ["engagementId"], "fuzzClient"],
      ["keepTimeAction", ["engagementId", "reason"], "fuzzExpert"],
      ["schoolHoursCheckAction", ["engagementId", "times"], "fuzzClient"],
    ] as const
  ).map(([name, fields, as]): FuzzTarget => ({
    name,
    as,
    action: `lib/engagements/actions/engagements.ts#${name}`,
    // Both sides' pages use these actions: post to the caller's own area, or the proxy answers first.
    via: as === "fuzzClient" ? "/client/projects" : "/dashboard",
    fields: [...fields],
    snapshot: as === "fuzzClient" ? CLIENT_ROWS : EXPERT_ROWS,
    runs: 30,
  })),
  {
    name: "GET /api/engagements/[id]/calendar",
    as: "fuzzClient",
    http: { method: "GET", path: "/api/engagements/7d1c2a4e-0000-4000-8000-00000000dead/calendar" },
    fields: ["id"],
    snapshot: CLIENT_ROWS,
    runs: 20,
  },

  // Ratings (the fuzz client and expert have no completed engagement, so no rating may appear) and billing.
  {
    name: "rateExpertAction",
    as: "fuzzClient",
    action: "lib/experts/actions/ratings.ts#rateExpertAction",
    via: "/client/projects",
    fields: ["engagementId", "preparation", "insight", "communication", "privateNote"],
    snapshot: RATINGS_BY_FUZZ_CLIENT,
    runs: 40,
  },
  {
    name: "rateClientAction",
    as: "fuzzExpert",
    action: "lib/experts/actions/ratings.ts#rateClientAction",
    via: "/dashboard",
    fields: ["engagementId", "clarity", "respectOfTime", "paymentSpeed"],
    snapshot: RATINGS_BY_FUZZ_EXPERT,
    runs: 40,
  },
  // A read: a valid expert id answers with averages.
  {
    name: "expertRatingSummaryAction",
    as: "fuzzClient",
    action: "lib/experts/actions/ratings.ts#expertRatingSummaryAction",
    fields: ["expertId"],
    snapshot: null,
    mayAccept: true,
    runs: 20,
  },
  {
    name: "markStatementPaidAction",
    as: "fuzzAdmin",
    action: "lib/money/actions/admin-billing.ts#markStatementPaidAction",
    via: "/admin/billing",
    fields: ["organizationId", "month", "reference"],
    snapshot: STATEMENTS_MARKED_BY_FUZZ_ADMIN,
    runs: 40,
  },
  // Funding: a well-formed amount makes an invoice (accepted); nothing else changes the caller's invoices.
  {
    name: "requestFundsAction",
    as: "fuzzClient",
    action: "lib/money/actions/funding.ts#requestFundsAction",
    via: "/client/billing",
    fields: ["amount"],
    snapshot: FUNDING_INVOICES_OF_CALLER,
    mayAccept: true,
    runs: 40,
  },
  {
    name: "payInvoiceByCardAction",
    as: "fuzzClient",
    action: "lib/money/actions/funding.ts#payInvoiceByCardAction",
    via: "/client/billing",
    fields: ["invoiceId"],
    snapshot: FUNDING_INVOICES_OF_CALLER,
    runs: 30,
  },
  {
    name: "POST /api/webhooks/stripe",
    as: "anon",
    http: { method: "POST", path: "/api/webhooks/stripe" },
    fields: ["type", "data"],
    // Unsigned, so refused whatever the body (a 400, never a 5xx). No snapshot: other specs pay
    // invoices by card while this runs; the integration tests prove a refused event pays nothing.
    snapshot: null,
    runs: 30,
  },
  {
    name: "POST /api/surveys/{id}/callback",
    as: "anon",
    http: { method: "POST", path: "/api/surveys/00000000-0000-4000-8000-000000000000/callback" },
    fields: ["participant_id", "end"],
    // Unsigned and for no survey that takes reports, so refused whatever the body (a 404, never a 5xx).
    snapshot: null,
    runs: 30,
  },
  {
    name: "voidFundingInvoiceAction",
    as: "fuzzClient",
    action: "lib/money/actions/funding.ts#voidFundingInvoiceAction",
    via: "/client/billing",
    fields: ["invoiceId"],
    snapshot: FUNDING_INVOICES_OF_CALLER,
    runs: 30,
  },
  {
    name: "recordFundingPaymentAction",
    as: "fuzzAdmin",
    action: "lib/money/actions/funding.ts#recordFundingPaymentAction",
    via: "/admin/billing",
    fields: ["invoiceId", "reference"],
    snapshot: FUNDING_RECORDED_BY_FUZZ_ADMIN,
    runs: 40,
  },
  {
    name: "setCreditLimitAction",
    as: "fuzzAdmin",
    action: "lib/money/actions/funding.ts#setCreditLimitAction",
    via: "/admin/billing",
    fields: ["organizationId", "creditLimit"],
    snapshot: CREDIT_LIMIT_OF_CALLER,
    runs: 40,
  },
  // A read of the caller's own month: any well-formed month answers a (possibly empty) CSV.
  // A project's weighted sample: the fuzz client owns no project, so any id is not found.
  {
    name: "GET /client/projects/[id]/sample-export",
    as: "fuzzClient",
    http: { method: "GET", path: "/client/projects/00000000-0000-4000-8000-000000000000/sample-export" },
    fields: ["format"],
    snapshot: CLIENT_ROWS,
    runs: 20,
  },
  {
    name: "GET /api/client/statements/[month]",
    as: "fuzzClient",
    http: { method: "GET", path: "/api/client/statements/2026-03" },
    fields: ["month"],
    snapshot: CLIENT_ROWS,
    mayAccept: true,
    runs: 20,
  },

  // Surveys: the fuzz expert has no survey place and the fuzz client no responses to review.
  {
    name: "enterSurveyCodeAction",
    as: "fuzzExpert",
    action: "lib/engagements/actions/surveys.ts#enterSurveyCodeAction",
    via: "/dashboard",
    fields: ["engagementId", "code"],
    snapshot: EXPERT_ROWS,
    runs: 40,
  },
  {
    name: "recordSurveyEndAction",
    as: "fuzzExpert",
    action: "lib/engagements/actions/surveys.ts#recordSurveyEndAction",
    via: "/survey/00000000-0000-4000-8000-000000000000/complete",
    fields: ["projectId", "end", "code", "pid"],
    snapshot: EXPERT_ROWS,
    runs: 40,
  },
  {
    name: "setSurveyCallbackAction",
    as: "fuzzClient",
    action: "lib/engagements/actions/surveys.ts#setSurveyCallbackAction",
    via: "/client/projects",
    fields: ["projectId", "mode"],
    snapshot: CLIENT_ROWS,
    runs: 40,
  },
  {
    name: "approveResponsesAction",
    as: "fuzzClient",
    action: "lib/engagements/actions/surveys.ts#approveResponsesAction",
    via: "/client/projects",
    fields: ["engagementIds"],
    snapshot: CLIENT_ROWS,
    runs: 40,
  },
  {
    name: "rejectResponseAction",
    as: "fuzzClient",
    action: "lib/engagements/actions/surveys.ts#rejectResponseAction",
    via: "/client/projects",
    fields: ["engagementId", "reason", "details"],
    snapshot: CLIENT_ROWS,
    runs: 40,
  },

  // Conversations: the fuzz client and expert share no engagement with anyone the fuzz picks, so nothing is ever written.
  ...(
    [
      ["readThreadAction", ["engagementId"], "fuzzExpert"],
      ["sendMessageAction", ["engagementId", "body", "confirmed"], "fuzzExpert"],
      ["reportMessageAction", ["messageId", "reason"], "fuzzExpert"],
      ["sendToExpertsAction", ["projectId", "engagementIds", "body", "confirmed"], "fuzzClient"],
    ] as const
  ).map(([name, fields, as]) => ({
    name,
    as,
    action: `lib/engagements/actions/messages.ts#${name}`,
    via: as === "fuzzClient" ? "/client/projects" : "/dashboard",
    fields: [...fields],
    snapshot: MESSAGE_ROWS,
    runs: 30,
  })),

  // Focus groups: the fuzz client has no focus group and the fuzz expert no seat, so nothing may ever change.
  ...(
    [
      ["addStudySessionAction", ["projectId", "startsAt", "seats", "backupSeats", "meetingUrl"]],
      ["removeStudySessionAction", ["studySessionId"]],
      ["setStudySessionLinkAction", ["studySessionId", "meetingUrl"]],
      ["recordAttendanceAction", ["studySessionId", "marks"]],
      ["correctAttendanceAction", ["engagementId", "outcome"]],
    ] as const
  ).map(([name, fields]) => ({
    name,
    as: "fuzzClient" as const,
    action: `lib/engagements/actions/focus-groups.ts#${name}`,
    via: "/client/projects",
    fields: [...fields],
    snapshot: CLIENT_SESSION_ROWS,
    runs: 30,
  })),
  ...(
    [
      ["takeSeatAction", ["engagementId", "studySessionId", "kind"]],
      ["joinWaitlistAction", ["engagementId", "studySessionId"]],
      ["leaveWaitlistAction", ["engagementId"]],
    ] as const
  ).map(([name, fields]) => ({
    name,
    as: "fuzzExpert" as const,
    action: `lib/engagements/actions/focus-groups.ts#${name}`,
    via: "/dashboard",
    fields: [...fields],
    snapshot: EXPERT_SEAT_ROWS,
    runs: 30,
  })),

  // Bonuses: the fuzz client has no engagement anyone took part in, so nothing may ever be paid.
  {
    name: "payBonusAction",
    as: "fuzzClient",
    action: "lib/engagements/actions/bonuses.ts#payBonusAction",
    via: "/client/projects",
    fields: ["batchKey", "engagementId", "amount", "note"],
    snapshot: BONUS_ROWS,
    runs: 40,
  },
  {
    name: "payBonusesCsvAction",
    as: "fuzzClient",
    action: "lib/engagements/actions/bonuses.ts#payBonusesCsvAction",
    via: "/client/projects",
    fields: ["batchKey", "csv", "note"],
    snapshot: BONUS_ROWS,
    runs: 40,
  },

  // The fuzz client's organization has no bonus waiting, and owns no project of the budget's id.
  {
    name: "decideBonusAction",
    as: "fuzzClient",
    action: "lib/engagements/actions/bonuses.ts#decideBonusAction",
    via: "/client/billing",
    fields: ["bonusId", "decision"],
    snapshot: BONUS_ROWS,
    runs: 30,
  },
  {
    name: "setBonusThresholdAction",
    as: "fuzzClient",
    action: "lib/engagements/actions/bonuses.ts#setBonusThresholdAction",
    via: "/client/billing",
    fields: ["threshold"],
    // A well-formed amount is the owner's to set: accepted, and the threshold is all it changes.
    snapshot: null,
    mayAccept: true,
    runs: 30,
  },
  client("setProjectBudgetAction", ["projectId", "budget"], { via: "/client/billing", runs: 30 }),

  // Quality review disputes: the fuzz client has no earning and the fuzz admin resolves none.
  {
    name: "openDisputeAction",
    as: "fuzzClient",
    action: "lib/engagements/actions/earnings-review.ts#openDisputeAction",
    via: "/client/projects",
    fields: ["earningId", "reason"],
    snapshot: snapshotOf(["earnings", "client_user_id", "$1"]),
    runs: 30,
  },
  {
    name: "reportClientNoShowAction",
    as: "fuzzExpert",
    action: "lib/engagements/actions/no-show-claims.ts#reportClientNoShowAction",
    via: "/dashboard",
    fields: ["engagementId", "reason"],
    snapshot: "SELECT count(*)::text FROM no_show_claims WHERE expert_user_id = $1::uuid",
    runs: 30,
  },
  {
    name: "resolveNoShowReportAction",
    as: "fuzzAdmin",
    action: "lib/engagements/actions/no-show-claims.ts#resolveNoShowReportAction",
    via: "/admin/disputes",
    fields: ["claimId", "for", "note"],
    snapshot: "SELECT count(*)::text FROM no_show_claims WHERE resolved_by_id = $1::uuid",
    runs: 30,
  },
  {
    name: "resolveDisputeAction",
    as: "fuzzAdmin",
    action: "lib/engagements/actions/earnings-review.ts#resolveDisputeAction",
    via: "/admin/disputes",
    fields: ["earningId", "for", "note"],
    snapshot: "SELECT count(*)::text FROM earnings WHERE resolved_by_id = $1::uuid",
    runs: 30,
  },
  // The money checks take no input: any object runs them (a read of the ledger, kept as a run), anything else is refused.
  {
    name: "runMoneyChecksAction",
    as: "fuzzAdmin",
    action: "lib/money/actions/invariants.ts#runMoneyChecksAction",
    via: "/admin/money",
    fields: [],
    snapshot: null,
    mayAccept: true,
    runs: 10,
  },
  {
    name: "POST /api/admin-test-clock",
    as: "fuzzAdmin",
    http: { method: "POST", path: "/api/admin-test-clock" },
    fields: ["at"],
    snapshot: null,
    runs: 20,
  },

  // Notifications menu: the fuzz expert's own rows only (another user's ids change nothing).
  // Listing is a read whose one field is optional: a payload without `after` asks for the first page.
  {
    name: "listNotificationsAction",
    as: "fuzzExpert",
    action: "lib/notifications/actions.ts#listNotificationsAction",
    via: "/dashboard",
    fields: ["after"],
    snapshot: EXPERT_ROWS,
    mayAccept: true,
    runs: 20,
  },
  {
    name: "markNotificationsReadAction",
    as: "fuzzExpert",
    action: "lib/notifications/actions.ts#markNotificationsReadAction",
    via: "/dashboard",
    fields: ["ids"],
    snapshot: EXPERT_ROWS,
    mayAccept: true,
    runs: 30,
  },

  // Server actions: onboarding wizard and the contact form
  {
    name: "saveStepAction",
    as: "fuzzExpert",
    action: "lib/experts/actions/onboarding.ts#saveStepAction",
    via: "/onboarding",
    fields: ["step", "values"],
    snapshot: EXPERT_ROWS,
    runs: 60,
  },
  // Autosave stores whichever fields are valid: an accepted draft is fine; a rejected one changes nothing.
  {
    name: "saveDraftAction",
    as: "fuzzExpert",
    action: "lib/experts/actions/onboarding.ts#saveDraftAction",
    via: "/onboarding",
    fields: ["step", "values"],
    snapshot: EXPERT_ROWS,
    mayAccept: true,
    runs: 40,
  },
  {
    name: "sendContactMessageAction",
    as: "anon",
    action: "lib/site/actions/contact.ts#sendContactMessageAction",
    fields: ["name", "email", "role", "subject", "message", "attachment"],
    snapshot: FUZZ_CONTACTS,
    distinctIp: true,
    runs: 40,
  },

  // Server actions: expert dashboard (as an onboarded expert of the fuzz run)
  dash("applyAction", ["opportunityId", "answers", "outsideActivityConfirmed"], ENGAGEMENT_ACTIONS),
  // The fuzz expert's own declarations: a valid list is saved (replace-all), anything else changes nothing.
  { ...dash("saveConflictDeclarationsAction", ["employerName", "employerDomain", "purchaseInfluence", "relationships"]), mayAccept: true },
  { ...dash("getConflictDeclarationsAction", []), mayAccept: true, runs: 10 },
  dash("pickTimeAction", ["engagementId", "slotId", "weeklyAt", "proposalId"], ENGAGEMENT_ACTIONS),
  // Reads only: the fuzz expert's own open slots, whatever junk comes with the empty input.
  { ...dash("listPickableSlotsAction", [], ENGAGEMENT_ACTIONS), mayAccept: true, runs: 10 },
  // Money out: the fuzz expert has nothing to cash out and no fresh password entry, so every payload is refused.
  dash("cashOutAction", ["amountCents", "method"]),
  dash("answerPulseAction", ["surveyId", "rating", "text"]),
  dash("submitFeedbackAction", [
    "opportunityId",
    "rating",
    "experienceRating",
    "communicationRating",
    "feedbackText",
    "suggestions",
    "wouldRecommend",
  ]),
  dash("addSlotAction", ["date", "startTime", "endTime", "timezone", "repeatWeeks"], ENGAGEMENT_ACTIONS),
  // A valid grid is saved on the fuzz expert's own row (replace-all); anything else changes nothing.
  { ...dash("saveWeeklyHoursAction", ["availabilityHours"], ENGAGEMENT_ACTIONS), mayAccept: true },
  dash("removeSlotAction", ["slotId"], ENGAGEMENT_ACTIONS),
  dash("listMonthSlotsAction", ["month"], ENGAGEMENT_ACTIONS),
  dash("saveExpertiseAction", ["ratings", "topic", "rating"]),
  dash("saveSettingsAction", ["privacy", "notifications", "showContactInfo", "isPublicProfile"]),
  // A whole number from 1 to 50 is saved on the fuzz expert's own row; anything else changes nothing.
  { ...dash("saveMonthlyGoalAction", ["monthlyGoal"]), mayAccept: true },

  // Server actions: Settings › School calendar (the fuzz expert's own row and blackouts)
  schoolCalendar("saveSchoolHoursAction", ["start", "end", "days"]),
  schoolCalendar("addBlackoutAction", ["label", "startsOn", "endsOn"]),
  schoolCalendar("removeBlackoutAction", ["blackoutId"]),
  // { until: null } lifts a pause that is not on: a success that changes nothing.
  schoolCalendar("setInvitesPausedUntilAction", ["until"], { mayAccept: true }),

  // Server action: the client's time zone (only an IANA zone name is taken)
  {
    name: "setClientTimeZoneAction",
    as: "fuzzClient",
    action: "lib/accounts/actions/client-settings.ts#setClientTimeZoneAction",
    via: "/client/dashboard",
    fields: ["timeZone"],
    snapshot: CLIENT_PROFILE,
    runs: 60,
  },
  // The open-invite cap is one platform-wide number: a valid payload (any whole number 1-50 under
  // "cap") would change it under the specs running beside this one. So its field is left out and
  // only junk keys, malformed bodies and wrong types are sent; the cap's hostile values are in
  // tests/integration/platform-settings.test.ts.
  {
    name: "setOpenInviteCapAction",
    as: "fuzzAdmin",
    action: "lib/engagements/actions/admin-invites.ts#setOpenInviteCapAction",
    via: "/admin/invites",
    fields: [],
    snapshot: PLATFORM_SETTINGS,
    runs: 40,
  },

  // The W-9 (the fuzz expert's own row) and the 1099 export (a POST: a random year outside 2000-2100 or a wrong type is refused and records no export).
  {
    name: "saveTaxFormAction",
    as: "fuzzExpert",
    action: "lib/money/actions/payments.ts#saveTaxFormAction",
    via: "/payments",
    fields: ["legalName", "businessName", "classification", "addressLine1", "addressLine2", "city", "state", "zipCode", "tinType", "tin"],
    snapshot: snapshotOf(["tax_forms", "user_id", "$1"]),
    runs: 60,
  },
  {
    name: "POST /api/admin/tax/1099",
    as: "fuzzAdmin",
    http: { method: "POST", path: "/api/admin/tax/1099" },
    fields: ["year"],
    snapshot: snapshotOf(["payout_exports", "admin_user_id", "$1"]),
    runs: 20,
  },

  // The donation desk (random districts and months never name payable donations, so nothing is posted).
  {
    name: "payDonationsAction",
    as: "fuzzAdmin",
    action: "lib/money/actions/incentives.ts#payDonationsAction",
    via: "/admin/donations",
    fields: ["leaid", "month", "payeeName", "schoolFund", "reference"],
    snapshot: "SELECT count(*)::text FROM donation_payouts",
    runs: 40,
  },
  // The expert's pay choices: their own default, and an engagement of theirs (the fuzz expert has none, so nothing changes).
  {
    name: "setIncentiveDefaultAction",
    as: "fuzzExpert",
    action: "lib/money/actions/incentives.ts#setIncentiveDefaultAction",
    via: "/dashboard?tab=settings",
    fields: ["choice"],
    // A hostile payload may still name a real choice: saving the fuzz expert's own default is fine.
    snapshot: null,
    mayAccept: true,
    runs: 30,
  },
  {
    name: "setEngagementIncentiveAction",
    as: "fuzzExpert",
    action: "lib/engagements/actions/incentive-choice.ts#setEngagementIncentiveAction",
    via: "/dashboard?tab=opportunities",
    fields: ["engagementId", "choice"],
    snapshot: "SELECT count(*)::text FROM engagement_incentive_choices",
    runs: 30,
  },
  // The payout desk (random ids never name a payout; Tremendous is not configured in e2e).
  {
    name: "markPayoutPaidAction",
    as: "fuzzAdmin",
    action: "lib/money/actions/admin-payouts.ts#markPayoutPaidAction",
    via: "/admin/payouts",
    fields: ["payoutId", "reference"],
    snapshot: PAYOUT_DESK,
    runs: 40,
  },
  {
    name: "markPayoutFailedAction",
    as: "fuzzAdmin",
    action: "lib/money/actions/admin-payouts.ts#markPayoutFailedAction",
    via: "/admin/payouts",
    fields: ["payoutId", "reason"],
    snapshot: PAYOUT_DESK,
    runs: 40,
  },
  {
    name: "sendPayoutViaTremendousAction",
    as: "fuzzAdmin",
    action: "lib/money/actions/admin-payouts.ts#sendPayoutViaTremendousAction",
    via: "/admin/payouts",
    fields: ["payoutId"],
    snapshot: PAYOUT_DESK,
    runs: 20,
  },
  {
    name: "POST /api/admin/payouts/export",
    as: "fuzzAdmin",
    http: { method: "POST", path: "/api/admin/payouts/export" },
    fields: ["payoutIds", "reexportReason"],
    snapshot: PAYOUT_DESK,
    runs: 40,
  },

  // Server actions: admin expert review (the fuzz expert is the target: $2)
  {
    name: "setVerificationStatusAction",
    as: "fuzzAdmin",
    action: "lib/experts/actions/admin-experts.ts#setVerificationStatusAction",
    fields: ["expertId", "status"],
    snapshot: ADMIN_ROWS,
  },
  {
    name: "setLinkedinVerifiedAction",
    as: "fuzzAdmin",
    action: "lib/experts/actions/admin-experts.ts#setLinkedinVerifiedAction",
    fields: ["expertId", "verified"],
    snapshot: ADMIN_ROWS,
  },

  // Server actions: public forms
  {
    name: "registerExpertAction",
    as: "anon",
    action: "lib/accounts/actions/register.ts#registerExpertAction",
    fields: [
      "firstName",
      "lastName",
      "email",
      "organization",
      "password",
      "confirmPassword",
      "role",
      "countryCode",
      "mobileNumber",
      "city",
      "zipCode",
      "state",
      "privacyAgreement",
    ],
    snapshot: NEW_ACCOUNTS,
  },
  {
    name: "registerClientAction",
    as: "anon",
    action: "lib/accounts/actions/register.ts#registerClientAction",
    fields: ["firstName", "lastName", "email", "organization", "password", "confirmPassword", "role"],
    snapshot: NEW_ACCOUNTS,
  },
  // Account security: the fuzz expert's own password and sessions must not change.
  {
    name: "changePasswordAction",
    as: "fuzzExpert",
    action: "lib/accounts/actions/security.ts#changePasswordAction",
    via: "/settings/security",
    fields: ["currentPassword", "newPassword", "confirmPassword"],
    snapshot: OWN_CREDENTIALS,
    runs: 40,
  },
  {
    name: "confirmPasswordAction",
    as: "fuzzExpert",
    action: "lib/accounts/actions/security.ts#confirmPasswordAction",
    via: "/settings/security",
    fields: ["password"],
    snapshot: OWN_CREDENTIALS,
    runs: 40,
  },
  {
    name: "signOutSessionAction",
    as: "fuzzExpert",
    action: "lib/accounts/actions/security.ts#signOutSessionAction",
    via: "/settings/security",
    fields: ["sessionId"],
    snapshot: OWN_LIVE_SESSIONS,
  },
  // Takes no input: junk keys are dropped and the fuzz expert's only session stays.
  {
    name: "signOutOtherSessionsAction",
    as: "fuzzExpert",
    action: "lib/accounts/actions/security.ts#signOutOtherSessionsAction",
    via: "/settings/security",
    fields: [],
    snapshot: OWN_LIVE_SESSIONS,
    mayAccept: true,
    runs: 10,
  },
  // The calendar feed: no input to speak of (junk keys are dropped); an unknown token is not found.
  {
    name: "revokeCalendarFeedAction",
    as: "fuzzExpert",
    action: "lib/engagements/actions/calendar-feed.ts#revokeCalendarFeedAction",
    via: "/settings/reminders",
    fields: [],
    snapshot: null,
    mayAccept: true,
    runs: 10,
  },
  {
    name: "issueCalendarFeedAction",
    as: "fuzzClient",
    action: "lib/engagements/actions/calendar-feed.ts#issueCalendarFeedAction",
    via: "/settings/reminders",
    fields: [],
    snapshot: null,
    mayAccept: true,
    runs: 10,
  },
  // Text messages: the fuzz expert's subscription and texts must not change from junk.
  {
    name: "startSmsOptInAction",
    as: "fuzzExpert",
    action: "lib/sms/actions/sms.ts#startSmsOptInAction",
    via: "/settings/reminders",
    fields: ["phone", "consent"],
    snapshot: SMS_ROWS,
    runs: 40,
  },
  {
    name: "confirmSmsCodeAction",
    as: "fuzzExpert",
    action: "lib/sms/actions/sms.ts#confirmSmsCodeAction",
    via: "/settings/reminders",
    fields: ["code"],
    snapshot: SMS_ROWS,
    runs: 40,
  },
  ...(["turnOffSmsAction", "turnOnSmsAction"] as const).map((name): FuzzTarget => ({
    name,
    as: "fuzzExpert",
    action: `lib/sms/actions/sms.ts#${name}`,
    via: "/settings/reminders",
    fields: [],
    snapshot: SMS_ROWS,
    // No input: junk keys are dropped; turning off texts that are off changes nothing, turning on an unconfirmed number is refused.
    mayAccept: true,
    runs: 10,
  })),
  ...["/api/webhooks/twilio/status", "/api/webhooks/twilio/inbound"].map((path): FuzzTarget => ({
    name: `POST ${path}`,
    as: "anon",
    http: { method: "POST", path },
    fields: ["MessageSid", "MessageStatus", "From", "Body"],
    snapshot: null,
    runs: 20,
  })),
  {
    name: "calendar feed",
    as: "anon",
    http: { method: "GET", path: "/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics" },
    fields: ["token"],
    snapshot: null,
    runs: 20,
  },
  // Policy consents: nothing is pending for the fuzz expert, so no consent row may appear; the override changes no setting.
  {
    name: "acceptPoliciesAction",
    as: "fuzzExpert",
    action: "lib/accounts/actions/policies.ts#acceptPoliciesAction",
    via: "/settings/policies",
    fields: ["policies"],
    snapshot: snapshotOf(["user_consents", "user_id", "$1"]),
    mayAccept: true,
    runs: 30,
  },
  {
    name: "GET /api/me/consents",
    as: "fuzzExpert",
    http: { method: "GET", path: "/api/me/consents" },
    fields: ["userId", "format"],
    snapshot: snapshotOf(["user_consents", "user_id", "$1"]),
    mayAccept: true,
    runs: 20,
  },
  {
    name: "GET /api/admin/users/[id]/consents",
    as: "fuzzAdmin",
    http: { method: "GET", path: "/api/admin/users/7d1c2a4e-0000-4000-8000-00000000dead/consents" },
    fields: ["id"],
    snapshot: null,
    runs: 20,
  },
  {
    name: "POST /api/admin-policy-versions",
    as: "fuzzAdmin",
    http: { method: "POST", path: "/api/admin-policy-versions" },
    fields: ["policy", "major", "userId"],
    snapshot: PLATFORM_SETTINGS,
    runs: 40,
  },
  {
    name: "setAccountDisabledAction",
    as: "fuzzAdmin",
    action: "lib/admin/actions/users.ts#setAccountDisabledAction",
    via: "/admin/users",
    fields: ["userId", "disabled"],
    snapshot: DISABLED_ACCOUNTS,
  },
  // Read only: a well-formed id of no one is not found, any user's id is answered; nothing is written.
  {
    name: "accountOpenItemsAction",
    as: "fuzzAdmin",
    action: "lib/admin/actions/users.ts#accountOpenItemsAction",
    via: "/admin/users",
    fields: ["userId"],
    snapshot: DISABLED_ACCOUNTS,
    mayAccept: true,
    runs: 20,
  },
  {
    name: "requestResetAction",
    as: "anon",
    action: "lib/accounts/actions/reset-password.ts#requestResetAction",
    fields: ["email"],
    snapshot: NEW_ACCOUNTS,
    mayAccept: true,
  },
  {
    name: "resendVerificationAction",
    as: "anon",
    action: "lib/accounts/actions/verify-email.ts#resendVerificationAction",
    via: "/verify-email?resend=fuzz%40example.org",
    fields: ["email"],
    snapshot: NEW_ACCOUNTS,
    mayAccept: true,
    runs: 40,
  },
  {
    name: "resetPasswordAction",
    as: "anon",
    action: "lib/accounts/actions/reset-password.ts#resetPasswordAction",
    fields: ["token", "password", "confirmPassword"],
    snapshot: NEW_ACCOUNTS,
  },
  // Work e-mail. A generated address on a school-like domain may be accepted (a link is mailed; 5 an hour, then 429).
  {
    name: "requestWorkEmailAction",
    as: "fuzzExpert",
    action: "lib/experts/actions/dashboard-work-email.ts#requestWorkEmailAction",
    via: "/dashboard?tab=settings",
    fields: ["workEmail"],
    snapshot: WORK_EMAIL_TOKENS,
    mayAccept: true,
    runs: 40,
  },
  {
    name: "confirmWorkEmailAction",
    as: "anon",
    action: "lib/experts/actions/verify-work-email.ts#confirmWorkEmailAction",
    via: "/verify-work-email?token=fuzz",
    fields: ["token"],
    snapshot: snapshotOf(["experts", "id", "$2"], ["one_time_tokens", "user_id", "$1"]),
    runs: 40,
  },
  {
    name: "workEmailBadgesAction",
    as: "fuzzClient",
    action: "lib/experts/actions/work-email.ts#workEmailBadgesAction",
    fields: ["expertIds"],
    snapshot: null,
    mayAccept: true,
    runs: 40,
  },
  {
    name: "rejectWorkDomainAction",
    as: "fuzzAdmin",
    action: "lib/experts/actions/admin-trust.ts#rejectWorkDomainAction",
    via: "/admin/trust",
    fields: ["domain"],
    snapshot: REJECTED_WORK_DOMAINS,
    mayAccept: true,
    runs: 40,
  },
  {
    name: "linkExpertDistrictAction",
    as: "fuzzAdmin",
    action: "lib/experts/actions/district-link.ts#linkExpertDistrictAction",
    via: "/admin/trust",
    fields: ["expertId", "leaid"],
    snapshot: ADMIN_ROWS,
    runs: 40,
  },
  {
    name: "leaveExpertDistrictAction",
    as: "fuzzAdmin",
    action: "lib/experts/actions/district-link.ts#leaveExpertDistrictAction",
    via: "/admin/trust",
    fields: ["expertId"],
    snapshot: DISTRICT_DECISIONS_BY_FUZZ_ADMIN,
    runs: 40,
  },
  {
    name: "uploadDistrictFilesAction",
    as: "fuzzAdmin",
    action: "lib/districts/actions/uploads.ts#uploadDistrictFilesAction",
    via: "/admin/districts",
    fields: ["files"],
    snapshot: DISTRICT_DECISIONS_BY_FUZZ_ADMIN,
    runs: 40,
  },
  {
    name: "districtImportAction",
    as: "fuzzAdmin",
    action: "lib/districts/actions/uploads.ts#districtImportAction",
    via: "/admin/districts",
    fields: ["id"],
    snapshot: null,
    runs: 40,
  },
  {
    name: "addDistrictDomainAction",
    as: "fuzzAdmin",
    action: "lib/experts/actions/district-domains.ts#addDistrictDomainAction",
    fields: ["domain", "districtName", "state", "leaid", "expertId"],
    snapshot: DISTRICT_DOMAINS_BY_FUZZ_ADMIN,
    mayAccept: true,
    runs: 40,
  },
  {
    name: "saveDistrictPolicyAction",
    as: "fuzzAdmin",
    action: "lib/districts/actions/research-policies.ts#saveDistrictPolicyAction",
    fields: ["leaid", "policy"],
    snapshot: DISTRICT_POLICIES_BY_FUZZ_ADMIN,
    runs: 40,
  },
  {
    name: "grantDistrictOfficerAction",
    as: "fuzzAdmin",
    action: "lib/districts/actions/research-policies.ts#grantDistrictOfficerAction",
    fields: ["leaid", "email"],
    snapshot: DISTRICT_OFFICERS_BY_FUZZ_ADMIN,
    runs: 40,
  },
  {
    name: "addProjectDistrictsAction",
    as: "fuzzClient",
    action: "lib/projects/actions/district-approvals.ts#addProjectDistrictsAction",
    fields: ["projectId", "by", "leaids"],
    snapshot: DISTRICT_APPROVALS_OF_FUZZ_CLIENT,
    runs: 40,
  },
  {
    name: "removeProjectDistrictAction",
    as: "fuzzClient",
    action: "lib/projects/actions/district-approvals.ts#removeProjectDistrictAction",
    fields: ["approvalId"],
    snapshot: DISTRICT_APPROVALS_OF_FUZZ_CLIENT,
    runs: 40,
  },
  {
    name: "requestDistrictApprovalAction",
    as: "fuzzClient",
    action: "lib/projects/actions/district-approvals.ts#requestDistrictApprovalAction",
    fields: ["approvalId", "extras"],
    snapshot: DISTRICT_APPROVALS_OF_FUZZ_CLIENT,
    runs: 40,
  },
  {
    name: "findDistrictsAction",
    as: "fuzzClient",
    action: "lib/projects/actions/district-approvals.ts#findDistrictsAction",
    fields: ["q"],
    snapshot: null,
    mayAccept: true,
    runs: 40,
  },
  {
    name: "answerDistrictRequestAction",
    as: "fuzzExpert",
    action: "lib/projects/actions/district-approvals.ts#answerDistrictRequestAction",
    fields: ["approvalId", "answer", "note", "expiresOn"],
    snapshot: DISTRICT_ANSWERS_BY_FUZZ_USER,
    runs: 40,
  },
  {
    name: "answerReviewLinkAction",
    as: "anon",
    action: "lib/projects/actions/district-approvals.ts#answerReviewLinkAction",
    fields: ["token", "answer", "note", "expiresOn"],
    snapshot: null,
    runs: 40,
  },
  {
    name: "uploadApprovalLetterAction",
    as: "fuzzClient",
    action: "lib/projects/actions/district-letters.ts#uploadApprovalLetterAction",
    via: "/client/projects",
    fields: ["approvalId", "expiresOn", "file"],
    snapshot: DISTRICT_LETTERS_OF_FUZZ_CLIENT,
    runs: 40,
  },
  {
    name: "reviewApprovalLetterAction",
    as: "fuzzAdmin",
    action: "lib/projects/actions/district-letters.ts#reviewApprovalLetterAction",
    via: "/admin/districts/letters",
    fields: ["letterId", "decision", "reason"],
    snapshot: DISTRICT_LETTERS_REVIEWED_BY_FUZZ_ADMIN,
    runs: 40,
  },
  {
    name: "GET /api/district-letters/[id]",
    as: "fuzzClient",
    http: { method: "GET", path: "/api/district-letters/7d1c2a4e-0000-4000-8000-00000000dead" },
    fields: ["id"],
    snapshot: DISTRICT_LETTERS_OF_FUZZ_CLIENT,
    runs: 20,
  },
  {
    name: "inviteDistrictOfficerAction",
    as: "fuzzExpert",
    action: "lib/experts/actions/officer-invites.ts#inviteDistrictOfficerAction",
    via: "/district-office",
    fields: ["leaid", "email"],
    snapshot: DISTRICT_INVITES_BY_FUZZ_USER,
    runs: 40,
  },
];
