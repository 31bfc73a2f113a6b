import "server-only";
import { z } from "zod";

/**
 * Every environment variable the server reads, validated once. `instrumentation.ts` calls
 * `loadEnv()` at boot so a missing or malformed variable stops the server with its name.
 */
const secret = (name: string) =>
  z.string({ error: `${name} is required` }).min(32, `${name} must be at least 32 characters`);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string({ error: "DATABASE_URL is required" })
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgresql:// URL"),
  DATABASE_POOL_MAX: z.coerce
    .number({ error: "DATABASE_POOL_MAX must be a number" })
    .int("DATABASE_POOL_MAX must be a whole number")
    .min(1, "DATABASE_POOL_MAX must be at least 1")
    .default(10),
  NEXTAUTH_SECRET: secret("NEXTAUTH_SECRET"),
  IMPERSONATION_SECRET: secret("IMPERSONATION_SECRET"),
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
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// URL").optional(),
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
