// Secrets come from the environment. Where one is unset, `npm run demo` / `npm run dev`
// generate it once into .data/secrets.json (git-ignored) and reuse it on every later run.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { DATA_DIR } from "./database.mjs";

const GENERATORS = {
  NEXTAUTH_SECRET: () => crypto.randomBytes(32).toString("base64url"),
  IMPERSONATION_SECRET: () => crypto.randomBytes(32).toString("base64url"),
  PAYMENT_DATA_KEY: () => crypto.randomBytes(32).toString("hex"),
  SURVEY_CODE_SECRET: () => crypto.randomBytes(32).toString("base64url"),
};

export function ensureSecrets() {
  mkdirSync(DATA_DIR, { recursive: true });
  const file = path.join(DATA_DIR, "secrets.json");
  const stored = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  let changed = false;
  for (const [name, generate] of Object.entries(GENERATORS)) {
    if (process.env[name]) continue;
    if (!stored[name]) {
      stored[name] = generate();
      changed = true;
    }
    process.env[name] = stored[name];
  }
  if (changed) writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
}
