import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { areaFor } from "../../lib/accounts/route-rules";

// Server actions called the way the browser calls them: POST with a `Next-Action` id and the
// arguments as a JSON array. Ids come from the production build's server reference manifest.

type ManifestEntry = { exportedName?: string; filename?: string; workers?: Record<string, { exportedName?: string; filename?: string }> };

let cache: Map<string, string> | undefined;
let pages: Map<string, string[]> | undefined;

function manifestPath() {
  for (const p of [".next/standalone/.next/server/server-reference-manifest.json", ".next/server/server-reference-manifest.json"]) {
    if (existsSync(p)) return path.resolve(p);
  }
  throw new Error("No server reference manifest: build the app first (the e2e webServer does)");
}

/** "lib/engagements/actions/expert-dashboard.ts#applyAction" → its action id in the current build. */
export function actionId(ref: string): string {
  const id = actionIdCache().get(ref);
  if (!id) throw new Error(`Server action ${ref} is not in the build (known: ${[...actionIdCache().keys()].join(", ")})`);
  return id;
}

function actionIdCache(): Map<string, string> {
  if (!cache) {
    cache = new Map();
    const manifest = JSON.parse(readFileSync(manifestPath(), "utf8")) as { node: Record<string, ManifestEntry> };
    for (const [id, entry] of Object.entries(manifest.node)) {
      const names = [entry, ...Object.values(entry.workers ?? {})];
      for (const n of names) {
        if (n.exportedName && n.filename) cache.set(`${n.filename.replace(/^\.\//, "")}#${n.exportedName}`, id);
      }
      (pages ??= new Map()).set(id, Object.keys(entry.workers ?? {}));
    }
  }
  return cache;
}

/** Every "<file>#<export>" the build can be called through (one per action, whatever page uses it). */
export function builtActionRefs(): string[] {
  return [...actionIdCache().keys()].sort();
}

/** "app/(auth)/join/page" → "/join"; dynamic segments become {placeholders} or a sample path. */
function workerToPath(worker: string) {
  const p = worker
    .replace(/^app/, "")
    .replace(/\/page$/, "")
    .replace(/\/\([^)]+\)/g, "")
    .replace(/\[\.\.\.\w+\]/g, "any")
    .replace(/\[id\]/g, "{demoExpertId}");
  return p || "/";
}

/**
 * The page to post an action to: one that the proxy does not gate when there is one (so the
 * action's own role check is what answers), else the first page that uses it.
 */
export function actionPage(ref: string): string {
  const id = actionId(ref);
  const candidates = (pages?.get(id) ?? []).map(workerToPath);
  return candidates.find((p) => !areaFor(p.split("?")[0])) ?? candidates[0] ?? "/";
}

export type ActionAnswer = {
  status: number;
  result: { ok: boolean; message?: string; data?: unknown } | null;
  raw: string;
  response: APIResponse;
};

/** Posts one server action call. `body` replaces the encoded arguments (for malformed payloads). */
export async function callAction(
  http: APIRequestContext,
  ref: string,
  input: unknown,
  opts: { via?: string; body?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<ActionAnswer> {
  const response = await http.post(opts.via ?? "/", {
    headers: {
      "next-action": actionId(ref),
      accept: "text/x-component",
      "content-type": opts.contentType ?? "text/plain;charset=UTF-8",
      ...opts.headers,
    },
    data: opts.body ?? JSON.stringify([input]),
    maxRedirects: 0,
  });
  const raw = await response.text();
  return { status: response.status(), result: parseFlight(raw), raw, response };
}

/** Finds the action's return value ({ ok, ... }) in the RSC (flight) response. */
export function parseFlight(raw: string): ActionAnswer["result"] {
  for (const line of raw.split("\n")) {
    const m = /^[0-9a-f]+:(.*)$/.exec(line);
    if (!m) continue;
    let value: unknown;
    try {
      value = JSON.parse(m[1]);
    } catch {
      continue;
    }
    const found = findResult(value);
    if (found) return found;
  }
  return null;
}

function findResult(value: unknown): ActionAnswer["result"] {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.ok === "boolean") {
    return { ok: v.ok, message: typeof v.message === "string" ? v.message.replace(/^\$\$/, "$") : undefined, data: v.data };
  }
  if (v.a && typeof v.a === "object") return findResult(v.a);
  return null;
}
