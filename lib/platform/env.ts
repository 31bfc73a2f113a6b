import "server-only";
import { isValidTrustedProxies } from "@/lib/platform/security/trusted-proxies.mjs";
import { z } from "@/lib/platform/validation/zod";
import { REAUTH_MINUTES, SESSION_ABSOLUTE_DAYS, SESSION_IDLE_HOURS } from "@/lib/platform/session-limits";

/**
 * Every environment variable the server reads, validated once. `instrumentation.ts` calls
 * `loadEnv()` at boot so a missing or malformed variable stops the server with its name.
 */
const secret = (name: string) => z.string({ error: `${name} is required` }).min(32, `${name} must be at least 32 characters`);

const positiveNumber = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .positive(`${name} must be a positive number`)
    .default(fallback);
/** A limit's maximum (lib/platform/security/rate-limit.ts holds the defaults). */
const limit = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z.string({ error: "DATABASE_URL is required" }).regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgresql:// URL"),
    DATABASE_POOL_MAX: z.coerce
      .number({ error: "DATABASE_POOL_MAX must be a number" })
      .int("DATABASE_POOL_MAX must be a whole number")
      .min(1, "DATABASE_POOL_MAX must be at least 1")
      .default(10),
    NEXTAUTH_SECRET: secret("NEXTAUTH_SECRET"),
    IMPERSONATION_SECRET: secret("IMPERSONATION_SECRET"),
    /** The key of each survey participant's own completion code (lib/engagements/survey-codes.ts): nothing else uses it. */
    SURVEY_CODE_SECRET: secret("SURVEY_CODE_SECRET"),
    PAYMENT_DATA_KEY: z
      .string({ error: "PAYMENT_DATA_KEY is required" })
      .regex(/^[0-9a-f]{64}$/i, "PAYMENT_DATA_KEY must be 64 hex characters (a 256-bit key)"),
    APP_URL: z.url("APP_URL must be an absolute URL").default("http://localhost:3000"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().default("K12 Experts <no-reply@k12experts.example>"),
    SUPPORT_EMAIL: z.email("SUPPORT_EMAIL must be an e-mail address").default("support@k12experts.example"),
    MAIL_DIR: z.string().default(".data/mail"),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// URL")
      .optional(),
    /**
     * The edge cache's purge listeners (deploy/nginx/edge-purge.conf), comma-separated base URLs:
     * a change that hides a public profile asks each to fetch the page again (docs/decisions/0023).
     */
    EDGE_PURGE_URLS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((u) => u.trim().replace(/\/$/, ""))
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.url("EDGE_PURGE_URLS must be comma-separated absolute URLs").regex(/^https?:\/\//, "EDGE_PURGE_URLS must be http(s):// URLs"),
        ),
      ),
    // Sessions (lib/platform/session-limits.ts).
    SESSION_IDLE_HOURS: positiveNumber("SESSION_IDLE_HOURS", SESSION_IDLE_HOURS),
    SESSION_ABSOLUTE_DAYS: positiveNumber("SESSION_ABSOLUTE_DAYS", SESSION_ABSOLUTE_DAYS),
    REAUTH_MINUTES: positiveNumber("REAUTH_MINUTES", REAUTH_MINUTES),
    /** 1: the demo seed card and POST /api/admin-seed-demo exist (npm run demo / dev, e2e). */
    DEMO_MODE: z.enum(["0", "1"], { error: "DEMO_MODE must be 0 or 1" }).default("0"),
    /** 1: the routes under /test-only exist (a slow request, a crashing page): the e2e server only. */
    TEST_ROUTES: z.enum(["0", "1"], { error: "TEST_ROUTES must be 0 or 1" }).default("0"),
    /** Peers whose X-Forwarded-For is believed: comma-separated IPs or CIDR ranges. */
    TRUSTED_PROXIES: z
      .string()
      .default("")
      .refine(isValidTrustedProxies, "TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges"),
    LIMIT_SIGN_IN_PER_EMAIL: limit("LIMIT_SIGN_IN_PER_EMAIL"),
    LIMIT_SIGN_IN_PER_IP: limit("LIMIT_SIGN_IN_PER_IP"),
    LIMIT_REGISTRATION_PER_IP: limit("LIMIT_REGISTRATION_PER_IP"),
    LIMIT_PASSWORD_RESET_PER_EMAIL: limit("LIMIT_PASSWORD_RESET_PER_EMAIL"),
    LIMIT_PASSWORD_RESET_PER_IP: limit("LIMIT_PASSWORD_RESET_PER_IP"),
    LIMIT_VERIFICATION_RESEND_PER_ACCOUNT: limit("LIMIT_VERIFICATION_RESEND_PER_ACCOUNT"),
    LIMIT_VERIFICATION_RESEND_PER_IP: limit("LIMIT_VERIFICATION_RESEND_PER_IP"),
    LIMIT_CONTACT_PER_IP: limit("LIMIT_CONTACT_PER_IP"),
    LIMIT_SCHEDULE_PROPOSALS_PER_ACCOUNT: limit("LIMIT_SCHEDULE_PROPOSALS_PER_ACCOUNT"),
    LIMIT_SMS_CODES_PER_ACCOUNT: limit("LIMIT_SMS_CODES_PER_ACCOUNT"),
    LIMIT_OPEN_PROJECTS_PER_ACCOUNT: limit("LIMIT_OPEN_PROJECTS_PER_ACCOUNT"),
    LIMIT_SURVEY_CODE_MISSES: limit("LIMIT_SURVEY_CODE_MISSES"),
    LIMIT_MESSAGES_PER_ACCOUNT: limit("LIMIT_MESSAGES_PER_ACCOUNT"),
    LIMIT_ORG_INVITATIONS_PER_ORGANIZATION: limit("LIMIT_ORG_INVITATIONS_PER_ORGANIZATION"),
    // Background jobs (lib/jobs/worker.ts): every instance runs a worker unless switched off.
    JOBS_DISABLED: z
      .enum(["0", "1", "false", "true"], { error: "JOBS_DISABLED must be 1 or 0" })
      .default("0")
      .transform((v) => v === "1" || v === "true"),
    JOBS_CONCURRENCY: z.coerce
      .number({ error: "JOBS_CONCURRENCY must be a number" })
      .int("JOBS_CONCURRENCY must be a whole number")
      .min(1, "JOBS_CONCURRENCY must be from 1 to 20")
      .max(20, "JOBS_CONCURRENCY must be from 1 to 20")
      .default(2),
    // Payouts through Tremendous (lib/money/providers/tremendous.ts): off unless a key is set.
    TREMENDOUS_API_KEY: z.string().min(10, "TREMENDOUS_API_KEY looks too short").optional(),
    /** The sandbox by default; https://www.tremendous.com/api/v2 in production. */
    TREMENDOUS_API_URL: z.url("TREMENDOUS_API_URL must be an absolute URL").default("https://testflight.tremendous.com/api/v2"),
    /** The campaign that sets which payout options (PayPal, bank transfer…) the expert may choose from. */
    TREMENDOUS_CAMPAIGN_ID: z.string().min(1).optional(),
    // Card funding through Stripe Checkout (lib/money/providers/stripe.ts): off unless a key is set,
    // and then finance may pay an invoice by card as well as by bank transfer.
    STRIPE_SECRET_KEY: z.string().min(10, "STRIPE_SECRET_KEY looks too short").optional(),
    STRIPE_API_URL: z.url("STRIPE_API_URL must be an absolute URL").default("https://api.stripe.com/v1"),
    /** The webhook endpoint's signing secret (whsec_…): a paid card payment is recorded the moment Stripe says so. */
    STRIPE_WEBHOOK_SECRET: z.string().min(10, "STRIPE_WEBHOOK_SECRET looks too short").optional(),
    // Video meetings for sessions (lib/meetings): Jitsi Meet unless another provider is named.
    MEETING_PROVIDER: z.enum(["jitsi", "zoom", "teams"], { error: "MEETING_PROVIDER must be jitsi, zoom or teams" }).default("jitsi"),
    /** The Jitsi Meet server whose rooms the sessions use. */
    MEETING_BASE_URL: z.url("MEETING_BASE_URL must be an absolute URL").default("https://meet.jit.si"),
    ZOOM_ACCOUNT_ID: z.string().min(1).optional(),
    ZOOM_CLIENT_ID: z.string().min(1).optional(),
    ZOOM_CLIENT_SECRET: z.string().min(1).optional(),
    /** The Zoom user who hosts the meetings; "me" is the account that owns the app. */
    ZOOM_USER_ID: z.string().min(1).default("me"),
    ZOOM_API_URL: z.url("ZOOM_API_URL must be an absolute URL").default("https://api.zoom.us/v2"),
    ZOOM_TOKEN_URL: z.url("ZOOM_TOKEN_URL must be an absolute URL").default("https://zoom.us/oauth/token"),
    TEAMS_TENANT_ID: z.string().min(1).optional(),
    TEAMS_CLIENT_ID: z.string().min(1).optional(),
    TEAMS_CLIENT_SECRET: z.string().min(1).optional(),
    /** The Teams user (object id or user principal name) who organises the meetings. */
    TEAMS_ORGANIZER_USER_ID: z.string().min(1).optional(),
    TEAMS_GRAPH_URL: z.url("TEAMS_GRAPH_URL must be an absolute URL").default("https://graph.microsoft.com/v1.0"),
    TEAMS_LOGIN_URL: z.url("TEAMS_LOGIN_URL must be an absolute URL").default("https://login.microsoftonline.com"),
    // Text-message reminders (lib/sms): written to files beside the mail unless Twilio is named.
    SMS_PROVIDER: z.enum(["log", "twilio"], { error: "SMS_PROVIDER must be log or twilio" }).default("log"),
    /** Texts one person receives in a day at most (their own zone's day); reminders past it are skipped. */
    SMS_DAILY_CAP: z.coerce.number({ error: "SMS_DAILY_CAP must be a number" }).int().min(1).max(50).default(8),
    SMS_DIR: z.string().default(".data/sms"),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** The sending number (E.164) or a Messaging Service SID (MG…). */
    TWILIO_FROM: z.string().min(1).optional(),
    TWILIO_API_URL: z.url("TWILIO_API_URL must be an absolute URL").default("https://api.twilio.com/2010-04-01"),
  })
  .refine((e) => !e.EDGE_PURGE_URLS.length || e.REDIS_URL, {
    path: ["EDGE_PURGE_URLS"],
    message: "EDGE_PURGE_URLS needs REDIS_URL (the page is expired in the shared cache before nginx fetches it again)",
  })
  .refine((e) => !e.TREMENDOUS_API_KEY || e.TREMENDOUS_CAMPAIGN_ID, {
    path: ["TREMENDOUS_CAMPAIGN_ID"],
    message: "TREMENDOUS_CAMPAIGN_ID is required when TREMENDOUS_API_KEY is set",
  })
  .refine((e) => e.MEETING_PROVIDER !== "zoom" || (e.ZOOM_ACCOUNT_ID && e.ZOOM_CLIENT_ID && e.ZOOM_CLIENT_SECRET), {
    path: ["MEETING_PROVIDER"],
    message: "MEETING_PROVIDER=zoom needs ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET",
  })
  .refine(
    (e) => e.MEETING_PROVIDER !== "teams" || (e.TEAMS_TENANT_ID && e.TEAMS_CLIENT_ID && e.TEAMS_CLIENT_SECRET && e.TEAMS_ORGANIZER_USER_ID),
    {
      path: ["MEETING_PROVIDER"],
      message: "MEETING_PROVIDER=teams needs TEAMS_TENANT_ID, TEAMS_CLIENT_ID, TEAMS_CLIENT_SECRET and TEAMS_ORGANIZER_USER_ID",
    },
  )
  .refine((e) => e.SMS_PROVIDER !== "twilio" || (e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM), {
    path: ["SMS_PROVIDER"],
    message: "SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM",
  });

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

function parseEnv<S extends z.ZodType>(schema: S, source: Record<string, string | undefined>): z.infer<S> {
  // An empty variable (e.g. `SMTP_URL=` in compose) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "env"}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** True when the demo seed and its admin card exist (DEMO_MODE=1). */
export const isDemoMode = () => env().DEMO_MODE === "1";
/** True when the /test-only routes exist (TEST_ROUTES=1, the e2e server). */
export const testRoutesEnabled = () => env().TEST_ROUTES === "1";
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  return parseEnv(envSchema, source);
}

/** The validated environment (parsed on first use). */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/**
 * Only the named variables, checked by the same rules. For code that runs without the web
 * app's secrets: the build (static pages read APP_URL, SUPPORT_EMAIL) and the scripts that
 * use the database client (seed, admin-create).
 */
export function envSubset<K extends keyof Env>(keys: readonly K[], source: Record<string, string | undefined> = process.env): Pick<Env, K> {
  const subset = z.object(Object.fromEntries(keys.map((k) => [k, envSchema.shape[k]])));
  // zod cannot name a generic subset's output; it is Env's own fields for these keys.
  return parseEnv(subset, source) as unknown as Pick<Env, K>;
}
