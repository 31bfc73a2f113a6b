#!/usr/bin/env node
// One entry point for the README's commands:
//   demo          database + migrations + demo seed + production build + server
//   dev           database + migrations + demo seed + dev server
//   migrate       database + migrations
//   seed          database + migrations + demo seed
//   admin-create  database + migrations + an admin account (--email E --password P)
//   districts-import  database + migrations + the NCES/Census district files named after it
//   e2e           a fresh test database + seed + loopback SMTP + production build + server (Playwright)
//   build         the production build only, skipped when the sources have not changed since the
//                 last one (npm test starts it early; the e2e server then finds it current)
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { startDatabase, ensureDatabaseExists, withDatabase } from "./lib/database.mjs";
import { ensureSecrets } from "./lib/secrets.mjs";
import { migrateJobQueue } from "./lib/job-queue.mjs";
import { buildIsCurrent, markBuilt, sourceHash } from "./lib/build-cache.mjs";

const mode = process.argv[2] ?? "demo";
const args = process.argv.slice(3);
const PORT = Number(process.env.PORT ?? (mode === "e2e" ? 3100 : 3000));
const bin = (name) => path.resolve("node_modules", ".bin", name);
const log = (msg) => console.log(`[k12] ${msg}`);

let child;
let database;
let smtp;
let cardSandbox;
async function shutdown(code = 0) {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    // The server finishes its requests and jobs first (25 s at most, scripts/server.mjs).
    await new Promise((r) => {
      child.once("exit", r);
      setTimeout(r, 30_000);
    });
  }
  await smtp?.stop().catch(() => {});
  await cardSandbox?.stop().catch(() => {});
  await database?.stop().catch((e) => log(`PostgreSQL did not stop cleanly: ${e}`));
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void shutdown(0));

function run(cmd, cmdArgs, extraEnv = {}) {
  const result = spawnSync(cmd, cmdArgs, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) throw new Error(`${path.basename(cmd)} ${cmdArgs.join(" ")} failed (exit ${result.status})`);
}

// TypeScript entry points run with the react-server condition so `server-only` modules load.
const tsNode = (file, fileArgs = []) => run(process.execPath, ["--conditions=react-server", "--import", "tsx", file, ...fileArgs]);

function migrate() {
  log("Applying migrations ...");
  run(bin("prisma"), ["migrate", "deploy"]);
}

function build() {
  if (buildIsCurrent()) {
    log("Build is up to date; skipping next build.");
  } else {
    log("Building the app (next build) ...");
    const hash = sourceHash();
    run(bin("next"), ["build"], { NEXT_TELEMETRY_DISABLED: "1" });
    markBuilt(hash);
  }
  // The standalone server (what the Docker image runs) serves static files from its own folder.
  cpSync(".next/static", ".next/standalone/.next/static", { recursive: true });
  if (existsSync("public")) cpSync("public", ".next/standalone/public", { recursive: true });
}

// The app's own server (request logs, graceful shutdown) around the standalone build, as in the
// Docker image, or around the dev server.
function serve(command) {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORT: String(PORT), HOSTNAME: process.env.HOST ?? "0.0.0.0" };
  child =
    command === "dev"
      ? spawn(process.execPath, ["scripts/server.mjs", "--dev"], { stdio: "inherit", env })
      : spawn(process.execPath, ["scripts/server.mjs", "--dir", ".next/standalone"], {
          stdio: "inherit",
          env: { ...env, NODE_ENV: "production" },
        });
  child.once("exit", (code) => void shutdown(code ?? 0));
}

function printWelcome() {
  const url = `http://localhost:${PORT}`;
  console.log(`
  K12 Experts is running at ${url}

  Demo sign-ins (password DemoPass!2026 for each):
    admin   admin@example.com   → ${url}/admin
    client  client@example.com  → ${url}/client/dashboard
    expert  expert@example.com  → ${url}/dashboard
    officer district@example.com → ${url}/district-office

  Press Ctrl-C to stop the server and the database.
`);
}

async function main() {
  if (mode === "build") {
    // No database and no secrets: what the build produces does not depend on them (the Dockerfile
    // builds with neither), so the e2e server reuses this build as long as the sources match.
    build();
    return;
  }
  ensureSecrets();
  // The demo seed, its admin card and POST /api/admin-seed-demo exist only in demo mode; the
  // Dockerfile and docker-compose.yml leave DEMO_MODE unset.
  if (["demo", "dev", "seed", "e2e"].includes(mode)) process.env.DEMO_MODE ??= "1";
  // The end-to-end tests address the server by its loopback address (playwright.config.ts says
  // why); the links in its e-mails and its own origin must name the same host.
  process.env.APP_URL ??= mode === "e2e" ? `http://127.0.0.1:${PORT}` : `http://localhost:${PORT}`;
  process.env.NEXTAUTH_URL ??= process.env.APP_URL;

  if (mode === "e2e") {
    // One server process unless the run asks for more (a spec reads the server's log by its pid's lines).
    process.env.WEB_CONCURRENCY ??= "1";
    // A fresh database for every end-to-end run, so runs never depend on each other.
    database = await startDatabase({ name: "e2e-pg", database: "postgres", log, ownProcessGroup: true });
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: database.adminUrl });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS "k12_e2e" WITH (FORCE)');
    await admin.end();
    await ensureDatabaseExists(database.adminUrl, "k12_e2e");
    process.env.DATABASE_URL = withDatabase(database.adminUrl, "k12_e2e");
    const { startSmtpCapture } = await import("./lib/smtp-capture.mjs");
    const mailDir = path.resolve(".data/e2e-mail");
    rmSync(mailDir, { recursive: true, force: true });
    smtp = await startSmtpCapture({ dir: mailDir, port: Number(process.env.E2E_SMTP_PORT ?? 0) });
    process.env.SMTP_URL = smtp.url;
    // Texts (the log provider) go to a folder of this run's own, where the specs read them.
    process.env.SMS_DIR = path.resolve(".data/e2e-sms");
    rmSync(process.env.SMS_DIR, { recursive: true, force: true });
    // Card funding against a loopback stand-in for Stripe, so a person can pay an invoice by card.
    const { startCardSandbox } = await import("./lib/card-sandbox.mjs");
    process.env.STRIPE_SECRET_KEY ??= "sk_test_e2e_sandbox_key";
    process.env.STRIPE_WEBHOOK_SECRET ??= "whsec_e2e_sandbox_secret";
    cardSandbox = await startCardSandbox({
      secretKey: process.env.STRIPE_SECRET_KEY,
      webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
      webhookUrl: `${process.env.APP_URL}/api/webhooks/stripe`,
    });
    process.env.STRIPE_API_URL = cardSandbox.apiUrl;
    // The server's JSON lines go to a file (errors also to stderr), not into Playwright's output;
    // the test-only routes (a slow request, a crashing page) exist in this server only.
    process.env.LOG_FILE ??= path.resolve(".data/e2e-server.log");
    rmSync(process.env.LOG_FILE, { force: true });
    process.env.TEST_ROUTES ??= "1";
    // Specs that need many client addresses (fuzz, access matrix) send X-Forwarded-For from
    // loopback, so loopback is the "reverse proxy" here. e2e/security-limits.spec.ts connects
    // from other loopback addresses (127.0.0.x), which are not trusted: their header is ignored.
    process.env.TRUSTED_PROXIES ??= "127.0.0.1,::1";
    // Small enough for the registration-limit e2e test to reach it quickly (production: 50/hour).
    process.env.LIMIT_REGISTRATION_PER_IP ??= "20";
    // The access matrix asks for a reset link and a verification e-mail for one address from
    // every identity; the strict per-address limits are proven by the integration tests.
    process.env.LIMIT_PASSWORD_RESET_PER_EMAIL ??= "100";
    process.env.LIMIT_PASSWORD_RESET_PER_IP ??= "1000";
    process.env.LIMIT_VERIFICATION_RESEND_PER_ACCOUNT ??= "100";
    process.env.LIMIT_VERIFICATION_RESEND_PER_IP ??= "1000";
    // The specs open many projects as the demo client; the per-account limit is proven by the integration tests.
    process.env.LIMIT_OPEN_PROJECTS_PER_ACCOUNT ??= "1000";
  } else {
    // Ctrl-C reaches the server, which drains, not the database it drains against; shutdown() stops it after.
    database = await startDatabase({ log, ownProcessGroup: true });
    process.env.DATABASE_URL = database.url;
  }

  migrate();
  // graphile-worker's own schema, once here rather than by each instance's worker at boot.
  await migrateJobQueue(process.env.DATABASE_URL);
  if (mode === "migrate") return shutdown(0);

  if (mode === "admin-create") {
    tsNode("scripts/admin-create.ts", args);
    return shutdown(0);
  }

  if (mode === "districts-import") {
    tsNode("scripts/districts-import.ts", args);
    return shutdown(0);
  }

  log("Seeding demo data ...");
  tsNode("prisma/seed.ts");
  if (mode === "seed") return shutdown(0);

  if (mode === "dev") {
    serve("dev");
  } else {
    build();
    serve("start");
  }
  printWelcome();
}

main().catch(async (error) => {
  console.error(`\n[k12] ${error instanceof Error ? error.message : error}`);
  await shutdown(1);
});
