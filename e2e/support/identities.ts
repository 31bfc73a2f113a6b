import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { DEMO, e2eDb, foundOrganization, uniqueEmail } from "../helpers";
import { sha256Hex, simplePdf } from "../../lib/engagements/consent/pdf";

/**
 * The identities of the access-control matrix. Each is an HTTP client with its
 * own cookie jar, signed in through the real sign-in endpoint; `forged` is signed out but sends
 * headers that try to pass as an internal or proxied request.
 */
export const IDENTITIES = [
  "anon",
  "expertIncomplete",
  "expert",
  "expert2",
  "client",
  "client2",
  /** Members of the demo client's organization (the demo client is its owner), one per other role. */
  "orgAdmin",
  "researcher",
  "finance",
  "viewer",
  /** The owner of another organization with a project, an engagement, a conversation, a shortlist and an invoice of its own. */
  "outsider",
  "admin",
  "adminAsExpert",
  "adminAsClient",
  "forged",
] as const;
export type Identity = (typeof IDENTITIES)[number];

/** Headers an attacker may add to look like a middleware subrequest or a trusted proxy hop. */
export const FORGED_HEADERS: Record<string, string> = {
  "x-middleware-subrequest":
    "proxy:proxy:proxy:proxy:proxy:middleware:middleware:middleware:middleware:middleware:src/middleware:src/proxy",
  "x-forwarded-for": "127.0.0.1",
  "x-forwarded-host": "admin.internal",
  "x-forwarded-proto": "https",
  "x-forwarded-user": DEMO.admin,
  "x-real-ip": "127.0.0.1",
  "x-invoke-path": "/admin",
  "x-user-id": "00000000-0000-4000-8000-000000000000",
};

/**
 * A new connection for every request of the matrix's and the fuzzer's callers. A caller sits idle
 * while its worker runs other rows; the server closes an idle keep-alive socket after 5 s, and a
 * request written to it just then fails with ECONNRESET (seen on a loaded machine), which is no
 * answer of the app's. A loopback connection costs far less than the request it carries.
 */
export const NO_KEEP_ALIVE: Record<string, string> = { connection: "close" };

export type Person = { userId: string; email: string; name: string };
export type Caller = {
  identity: Identity;
  http: APIRequestContext;
  /** The effective user (the impersonated one while an admin impersonates); null when signed out. */
  self: Person | null;
  /** The signed-in person when it differs from `self` (the admin behind an impersonation). */
  real?: Person;
  headers: Record<string, string>;
};

export type World = {
  callers: Record<Identity, Caller>;
  people: Record<
    "expert" | "expert2" | "expertIncomplete" | "client" | "client2" | "admin" | "impersonatedExpert" | OrgIdentity | "outsider",
    Person
  >;
  /** Values for {placeholders} in route paths and inputs. */
  fixtures: Record<string, string>;
  /** A newly signed-in caller (for requests that end or change the session). */
  fresh: (identity: Identity) => Promise<Caller>;
  dispose: () => Promise<void>;
};

type Db = Awaited<ReturnType<typeof e2eDb>>;

/** The matrix's members of the demo client's organization and the role each holds there. */
export const ORG_IDENTITIES = { orgAdmin: "admin", researcher: "researcher", finance: "finance", viewer: "viewer" } as const;
type OrgIdentity = keyof typeof ORG_IDENTITIES;

async function person(db: Db, email: string): Promise<Person> {
  const { rows } = await db.query<{ id: string; first_name: string; last_name: string }>(
    "SELECT id, first_name, last_name FROM users WHERE email = $1",
    [email],
  );
  if (!rows[0]) throw new Error(`No user ${email} in the e2e database`);
  return { userId: rows[0].id, email, name: `${rows[0].first_name} ${rows[0].last_name}` };
}

/** A new account with the demo password (its hash is copied from the demo admin). */
export async function createAccount(
  db: Db,
  opts: { role: "expert" | "client" | "admin"; firstName: string; lastName: string; onboarded?: boolean },
) {
  const email = uniqueEmail(`${opts.role}-${opts.firstName.toLowerCase()}`);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (id, email, first_name, last_name, email_verified_at, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $3, now(), now()) RETURNING id`,
    [email, opts.firstName, opts.lastName],
  );
  const id = rows[0].id;
  await db.query(
    `INSERT INTO password_credentials (user_id, hash, updated_at)
     SELECT $1, p.hash, now() FROM password_credentials p JOIN users u ON u.id = p.user_id WHERE u.email = $2`,
    [id, DEMO.admin],
  );
  await db.query("INSERT INTO user_roles (user_id, role) VALUES ($1, $2)", [id, opts.role]);
  if (opts.role === "expert") {
    const done = opts.onboarded ?? true;
    await db.query(
      `INSERT INTO experts (id, user_id, role_title, organization_name, state, verification_status,
         step_basics, step_linkedin, step_expertise, step_preferences, step_payments, step_pulse, updated_at)
       VALUES (gen_random_uuid(), $1, 'Principal', 'Fuzz District', 'CA', 'verified', $2, $2, $2, $2, $2, $2, now())`,
      [id, done],
    );
  }
  if (opts.role === "client") {
    await db.query("INSERT INTO client_profiles (user_id, organization, role_title) VALUES ($1, 'Second Research Co', 'Researcher')", [id]);
  }
  if (opts.role === "client" || opts.role === "admin") await foundOrganization(db, id, "Second Research Co");
  return { userId: id, email, name: `${opts.firstName} ${opts.lastName}` } satisfies Person;
}

export async function signedInContext(
  baseURL: string,
  email: string,
  headers: Record<string, string> = {},
  password: string = DEMO.password,
) {
  const http = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, ...NO_KEEP_ALIVE, ...headers } });
  const csrf = (await (await http.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await http.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf.csrfToken, email, password, portal: "general", json: "true" },
  });
  if (!res.ok()) throw new Error(`Sign-in of ${email} failed: ${res.status()}`);
  const me = (await (await http.get("/api/me")).json()) as { data?: { email?: string } };
  if (me.data?.email !== email) throw new Error(`Sign-in of ${email} did not stick (got ${JSON.stringify(me)})`);
  return http;
}

async function impersonating(baseURL: string, target: Person) {
  const http = await signedInContext(baseURL, DEMO.admin);
  const res = await http.post("/api/admin-impersonate", { data: { userId: target.userId } });
  if (res.status() !== 200) throw new Error(`Impersonation of ${target.email} failed: ${res.status()} ${await res.text()}`);
  return http;
}

/** Builds every identity of the matrix (a few new rows; the demo rows stay untouched). */
export async function buildWorld(baseURL: string): Promise<World> {
  const db = await e2eDb();
  try {
    const people = {
      expert: await person(db, DEMO.expert),
      expert2: await person(db, "james.whitfield@example.com"),
      impersonatedExpert: await person(db, "aisha.bello@example.com"),
      client: await person(db, DEMO.client),
      admin: await person(db, DEMO.admin),
      expertIncomplete: await createAccount(db, { role: "expert", firstName: "Ingrid", lastName: "Incomplete", onboarded: false }),
      client2: await createAccount(db, { role: "client", firstName: "Casey", lastName: "Secondclient" }),
      ...(await demoOrganizationMembers(db)),
      outsider: await createAccount(db, { role: "client", firstName: "Olive", lastName: "Outsider" }),
    };
    const fixtures = {
      ...(await loadFixtures(db, people)),
      ...(await outsiderRows(db, people.outsider, people.expert2)),
      demoClientUserId: people.client.userId,
      viewerUserId: people.viewer.userId,
    };
    const make = async (identity: Identity): Promise<Caller> => {
      const signedIn = async (who: Person, http?: APIRequestContext): Promise<Caller> => ({
        identity,
        http: http ?? (await signedInContext(baseURL, who.email)),
        self: who,
        ...(http ? { real: people.admin } : {}),
        headers: {},
      });
      switch (identity) {
        case "anon":
          return {
            identity,
            http: await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, ...NO_KEEP_ALIVE } }),
            self: null,
            headers: {},
          };
        case "forged":
          return {
            identity,
            http: await playwrightRequest.newContext({
              baseURL,
              extraHTTPHeaders: { origin: baseURL, ...NO_KEEP_ALIVE, ...FORGED_HEADERS },
            }),
            self: null,
            headers: FORGED_HEADERS,
          };
        case "adminAsExpert":
          return signedIn(people.impersonatedExpert, await impersonating(baseURL, people.impersonatedExpert));
        case "adminAsClient":
          return signedIn(people.client2, await impersonating(baseURL, people.client2));
        default:
          return signedIn(people[identity]);
      }
    };
    const made: Caller[] = [];
    const track = async (identity: Identity) => {
      const c = await make(identity);
      made.push(c);
      return c;
    };
    const callers = Object.fromEntries(await Promise.all(IDENTITIES.map(async (i) => [i, await track(i)] as const))) as Record<
      Identity,
      Caller
    >;
    return {
      callers,
      people,
      fixtures,
      fresh: track,
      dispose: async () => {
        await Promise.all(made.map((c) => c.http.dispose()));
      },
    };
  } finally {
    await db.end();
  }
}

/**
 * New accounts in the demo client's organization, one per role other than owner, as an accepted
 * invitation leaves them (a fresh set each run: no other spec knows them).
 */
async function demoOrganizationMembers(db: Db): Promise<Record<OrgIdentity, Person>> {
  const owner = await person(db, DEMO.client);
  const made = {} as Record<OrgIdentity, Person>;
  for (const [identity, role] of Object.entries(ORG_IDENTITIES) as [OrgIdentity, string][]) {
    const first = { orgAdmin: "Ada", researcher: "Rory", finance: "Fern", viewer: "Vic" }[identity];
    const member = await createAccount(db, {
      role: "client",
      firstName: first,
      lastName: `Matrix${role[0].toUpperCase()}${role.slice(1)}`,
    });
    const { rowCount } = await db.query(
      `UPDATE organization_members SET role = $3, organization_id = (SELECT organization_id FROM organization_members WHERE user_id = $2)
       WHERE user_id = $1`,
      [member.userId, owner.userId, role],
    );
    if (rowCount !== 1) throw new Error(`Could not make ${member.email} a ${role} of the demo organization`);
    await db.query("UPDATE client_profiles SET organization = 'Learning Insights Research Group' WHERE user_id = $1", [member.userId]);
    made[identity] = member;
  }
  return made;
}

/**
 * The outsider's organization, renamed and given rows of its own: a project, an invite of
 * expert2 with one message, a shortlist entry and an open invoice. Nobody outside it may read or
 * change them.
 */
async function outsiderRows(db: Db, outsider: Person, expert2: Person) {
  const tag = Math.random().toString(36).slice(2, 8);
  const org = `(SELECT organization_id FROM organization_members WHERE user_id = $1::uuid)`;
  await db.query(`UPDATE organizations SET name = $2 WHERE id = ${org}`, [outsider.userId, `Outsider Lab ${tag}`]);
  const project = await db.query<{ id: string; title: string }>(
    `INSERT INTO projects (id, organization_id, client_user_id, title, description, project_type, compensation_cents, deadline, status, visibility, updated_at)
     VALUES (gen_random_uuid(), ${org}, $1, $2, 'Rows of another organization.', 'interview', 10000, now() + interval '30 days', 'open', 'invite_only', now())
     RETURNING id, title`,
    [outsider.userId, `Outsider Study ${tag}`],
  );
  const expert2Id = (await db.query<{ id: string }>("SELECT id FROM experts WHERE user_id = $1", [expert2.userId])).rows[0].id;
  const invite = await db.query<{ id: string }>(
    `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, updated_at)
     VALUES (gen_random_uuid(), $2, $3, $1, ${org}, 'invite', 'invited', 10000, now()) RETURNING id`,
    [outsider.userId, project.rows[0].id, expert2Id],
  );
  const message = `Outsider note ${tag}`;
  await db.query(
    "INSERT INTO engagement_messages (id, engagement_id, sender_user_id, sender_side, body) VALUES (gen_random_uuid(), $1, $2, 'client', $3)",
    [invite.rows[0].id, outsider.userId, message],
  );
  // A new expert, on no other shortlist, so seeing the name on anyone else's is a leak.
  const shortlisted = await createAccount(db, { role: "expert", firstName: "Sol", lastName: "Outsidershortlist" });
  await db.query(
    `INSERT INTO shortlists (id, organization_id, client_user_id, expert_id)
     SELECT gen_random_uuid(), ${org}, $1, id FROM experts WHERE user_id = $2`,
    [outsider.userId, shortlisted.userId],
  );
  const invoice = await db.query<{ id: string; number: number }>(
    `INSERT INTO funding_invoices (id, organization_id, amount_cents, requested_by_id) VALUES (gen_random_uuid(), ${org}, 54321, $1) RETURNING id, number`,
    [outsider.userId],
  );
  // A study of its own with its consent form, expert2 invited to it and signed (before answering
  // the invite, so the signature names no engagement): its files reach the outsider and expert2 only.
  const consentStudy = await db.query<{ id: string; title: string }>(
    `INSERT INTO projects (id, organization_id, client_user_id, title, description, project_type, compensation_cents, deadline, status, visibility, updated_at)
     VALUES (gen_random_uuid(), ${org}, $1, $2, 'A study with its own consent form.', 'interview', 10000, now() + interval '30 days', 'open', 'invite_only', now())
     RETURNING id, title`,
    [outsider.userId, `Outsider Consent Study ${tag}`],
  );
  const consentInvite = await db.query<{ id: string }>(
    `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, updated_at)
     VALUES (gen_random_uuid(), $2, $3, $1, ${org}, 'invite', 'invited', 10000, now()) RETURNING id`,
    [outsider.userId, consentStudy.rows[0].id, expert2Id],
  );
  const consentPdf = Buffer.from(simplePdf(["Outsider consent", tag]));
  const consent = await db.query<{ id: string }>(
    `INSERT INTO study_documents (id, project_id, kind, version, file_name, sha256, size_bytes, content, uploaded_by_id)
     VALUES (gen_random_uuid(), $1, 'consent', 1, 'outsider-consent.pdf', $2, $3, $4, $5) RETURNING id`,
    [consentStudy.rows[0].id, sha256Hex(consentPdf), consentPdf.byteLength, consentPdf, outsider.userId],
  );
  const signature = await db.query<{ id: string }>(
    `INSERT INTO study_consent_signatures (id, project_id, expert_id, document_id, document_version, document_sha256, typed_name)
     VALUES (gen_random_uuid(), $1, $2, $3, 1, $4, 'Matrix Signer') RETURNING id`,
    [consentStudy.rows[0].id, expert2Id, consent.rows[0].id, sha256Hex(consentPdf)],
  );
  // An approval letter for its project, waiting for an admin's check: only the outsider and the admins may read it.
  const approval = await db.query<{ id: string }>(
    `INSERT INTO project_district_approvals (id, project_id, leaid, added_by, updated_at)
     VALUES (gen_random_uuid(), $1, '1799902', 'search', now()) RETURNING id`,
    [project.rows[0].id],
  );
  const letterPdf = Buffer.from(simplePdf(["Outsider approval letter", tag]));
  const letter = await db.query<{ id: string }>(
    `INSERT INTO district_approval_letters (id, approval_id, file_name, sha256, size_bytes, content, stated_expires_on, uploaded_by_id)
     VALUES (gen_random_uuid(), $1, 'outsider-letter.pdf', $2, $3, $4, '2099-06-30', $5) RETURNING id`,
    [approval.rows[0].id, sha256Hex(letterPdf), letterPdf.byteLength, letterPdf, outsider.userId],
  );
  return {
    outsiderLetterId: letter.rows[0].id,
    outsiderProjectId: project.rows[0].id,
    outsiderProjectTitle: project.rows[0].title,
    outsiderInviteId: invite.rows[0].id,
    outsiderMessage: message,
    outsiderShortlistedName: shortlisted.name,
    outsiderInvoiceId: invoice.rows[0].id,
    outsiderConsentStudyId: consentStudy.rows[0].id,
    outsiderConsentStudyTitle: consentStudy.rows[0].title,
    outsiderConsentInviteId: consentInvite.rows[0].id,
    outsiderConsentId: consent.rows[0].id,
    outsiderSignatureId: signature.rows[0].id,
    outsiderInvoiceNumber: `K12-${String(invoice.rows[0].number).padStart(6, "0")}`,
  };
}

/** Values the route table refers to as {name}. A fresh slot and blackout of expert2 for the ownership rows. */
async function loadFixtures(db: Db, people: Record<"expert" | "expert2" | "admin", Person>) {
  const expertIdOf = async (userId: string) =>
    (await db.query<{ id: string }>("SELECT id FROM experts WHERE user_id = $1", [userId])).rows[0].id;
  const expert2Id = await expertIdOf(people.expert2.userId);
  const slot = await db.query<{ id: string }>(
    `INSERT INTO availability_slots (id, expert_id, date, start_time, end_time, timezone)
     VALUES (gen_random_uuid(), $1, '2031-05-06', '10:00', '10:30', 'America/New_York') RETURNING id`,
    [expert2Id],
  );
  const blackout = await db.query<{ id: string }>(
    `INSERT INTO school_blackouts (id, expert_id, starts_on, ends_on, label)
     VALUES (gen_random_uuid(), $1, '2031-05-06', '2031-05-08', 'Matrix blackout') RETURNING id`,
    [expert2Id],
  );
  // Experts the public must not see: one rejected by review, one who hid their profile.
  const rejected = await createAccount(db, { role: "expert", firstName: "Rita", lastName: "Rejectedmatrix" });
  const hidden = await createAccount(db, { role: "expert", firstName: "Hugo", lastName: "Hiddenmatrix" });
  await db.query("UPDATE experts SET verification_status = 'rejected', organization_name = 'Rejectedmatrix District' WHERE user_id = $1", [
    rejected.userId,
  ]);
  await db.query("UPDATE experts SET is_public_profile = false WHERE user_id = $1", [hidden.userId]);
  const demoClient = (await db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [DEMO.client])).rows[0].id;
  const demoProject = (
    await db.query<{ id: string; title: string }>("SELECT id, title FROM projects WHERE client_user_id = $1 ORDER BY created_at LIMIT 1", [
      demoClient,
    ])
  ).rows[0];
  const shortlisted = (
    await db.query<{ name: string }>(
      `SELECT u.first_name || ' ' || u.last_name AS name FROM shortlists s JOIN experts e ON e.id = s.expert_id JOIN users u ON u.id = e.user_id
       WHERE s.client_user_id = $1 ORDER BY s.created_at LIMIT 1`,
      [demoClient],
    )
  ).rows[0];
  const expert2 = (
    await db.query<{ first_name: string; last_name: string }>("SELECT first_name, last_name FROM users WHERE id = $1", [
      people.expert2.userId,
    ])
  ).rows[0];
  const demoExpertId = await expertIdOf(people.expert.userId);
  // Engagements of the seed: the demo client's invite to the demo expert (still "invited"), a
  // session of the demo client's project, and the demo expert's own scheduled session.
  const engagementOf = async (sql: string, params: string[]) => (await db.query<{ id: string }>(sql, params)).rows[0].id;
  const demoInviteId = await engagementOf("SELECT id FROM engagements WHERE project_id = $1 AND expert_id = $2", [
    demoProject.id,
    demoExpertId,
  ]);
  const demoClientSessionId = await engagementOf(
    "SELECT e.id FROM engagements e JOIN engagement_sessions s ON s.engagement_id = e.id WHERE e.client_user_id = $1 ORDER BY s.starts_at LIMIT 1",
    [demoClient],
  );
  const demoExpertSessionId = await engagementOf(
    "SELECT e.id FROM engagements e JOIN engagement_sessions s ON s.engagement_id = e.id WHERE e.expert_id = $1 AND e.state = 'scheduled' ORDER BY s.starts_at LIMIT 1",
    [demoExpertId],
  );
  // An open funding invoice of the demo client's organization (reused across runs while open):
  // its billing roles and the money desk read it; everyone else is told it does not exist.
  const demoInvoice = await db.query<{ id: string; number: number }>(
    `WITH found AS (
       SELECT id, number FROM funding_invoices WHERE status = 'open' AND amount_cents = 12345
         AND organization_id = (SELECT organization_id FROM organization_members WHERE user_id = $1) LIMIT 1),
     made AS (
       INSERT INTO funding_invoices (id, organization_id, amount_cents, requested_by_id)
       SELECT gen_random_uuid(), (SELECT organization_id FROM organization_members WHERE user_id = $1), 12345, $1
       WHERE NOT EXISTS (SELECT 1 FROM found) RETURNING id, number)
     SELECT id, number FROM found UNION ALL SELECT id, number FROM made`,
    [demoClient],
  );
  return {
    demoFundingInvoiceId: demoInvoice.rows[0].id,
    demoInvoiceNumber: `K12-${String(demoInvoice.rows[0].number).padStart(6, "0")}`,
    demoExpertId,
    demoInviteId,
    demoClientSessionId,
    demoExpertSessionId,
    demoExpertEmail: people.expert.email,
    rejectedExpertId: await expertIdOf(rejected.userId),
    rejectedExpertName: rejected.name,
    hiddenExpertId: await expertIdOf(hidden.userId),
    hiddenExpertName: hidden.name,
    demoProjectId: demoProject.id,
    demoProjectTitle: demoProject.title,
    /** An expert on the demo client's shortlist: nobody else's shortlist page or CSV may show them. */
    demoShortlistedName: shortlisted.name,
    expert2Email: people.expert2.email,
    expert2FirstName: expert2.first_name,
    expert2LastName: expert2.last_name,
    expert2UserId: people.expert2.userId,
    expert2SlotId: slot.rows[0].id,
    expert2BlackoutId: blackout.rows[0].id,
    adminUserId: people.admin.userId,
    missingId: "7d1c2a4e-0000-4000-8000-00000000dead",
    /** Differs between runs on one database (per-address throttles last past a run). */
    runTag: Math.random().toString(36).slice(2, 10),
    // A day no earlier run used, so "add a slot" never overlaps a slot left by a reused database.
    futureDate: `${2031 + Math.floor(Math.random() * 60)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`,
  };
}
