import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "@/lib/platform/validation/zod";
import { AppError, isAppError } from "@/lib/platform/errors";
import type { AppRole } from "@/lib/accounts/constants";
import { getActor, resolveBearerActor } from "@/lib/accounts/session";
import { type Actor } from "@/lib/accounts/actor";
import { hasAnyRole, refusalFor } from "@/lib/accounts/permissions";
import { describeIssues } from "@/lib/platform/validation/issues";
import { isDatabaseDown } from "@/lib/platform/db-outage";
import { requestMeta } from "@/lib/platform/request";
import { auditImpersonated } from "@/lib/accounts/impersonation";
import { CROSS_ORIGIN_MESSAGE, crossOriginAction } from "@/lib/platform/security/action-origin";
import { loggerFor } from "@/lib/platform/log.mjs";
import { NO_STORE } from "@/lib/platform/no-store";

const log = loggerFor("api");

// One wrapper for every API route handler: it authenticates
// (session cookie or Bearer token), parses the body with zod and maps errors in one place.
// The body is always { success: true, data } or { success: false, error, code? }.

export function ok(data: unknown, init?: { status?: number; headers?: Record<string, string> }) {
  return NextResponse.json({ success: true, data }, { status: init?.status ?? 200, headers: { ...NO_STORE, ...init?.headers } });
}

export function fail(status: number, error: string, code?: string, headers?: Record<string, string>) {
  return NextResponse.json({ success: false, error, ...(code ? { code } : {}) }, { status, headers: { ...NO_STORE, ...headers } });
}

/** A throttled answer (429) says when to come back. */
export function retryAfterHeader(e: { retryAfterSeconds?: number }): Record<string, string> | undefined {
  return e.retryAfterSeconds ? { "Retry-After": String(e.retryAfterSeconds) } : undefined;
}

/** Bearer token first (API callers), then the session cookie (the browser). */
export async function actorFromRequest(request: NextRequest): Promise<Actor | null> {
  const header = request.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    return match ? resolveBearerActor(match[1]) : null;
  }
  return getActor();
}

/** The media type of a Content-Type header, without parameters: "application/json; charset=utf-8" → "application/json". */
export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/** Anything but GET/HEAD/OPTIONS changes something: origin-checked, and audited while impersonating. */
const isWrite = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

/**
 * A write (anything but GET/HEAD/OPTIONS) whose Origin names another site: refused like a
 * cross-site server action (lib/platform/security/action-origin.ts). API clients send no Origin.
 */
export function crossOriginWrite(request: Request): Response | null {
  if (!isWrite(request.method)) return null;
  return crossOriginAction(request.headers) ? fail(403, CROSS_ORIGIN_MESSAGE, "CROSS_ORIGIN") : null;
}

/**
 * The JSON body. The media type must be exactly application/json (parameters such as charset
 * are fine): "text/plain; application/json" is what a cross-site form can send without a
 * preflight, so it is refused.
 */
async function readJson(request: NextRequest): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  if (mediaType(request) !== "application/json") throw new AppError("BAD_REQUEST", "Content-Type must be application/json");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "Malformed JSON body");
  }
}

type HandlerContext<I> = { request: NextRequest; actor: Actor | null; input: I; params: Record<string, string> };
type Options<S extends z.ZodType | undefined> = {
  /** null: anyone; []: any signed-in user; otherwise one of these roles. */
  roles: AppRole[] | null;
  body?: S;
  /** The default message when the work fails, e.g. 'Failed to update expertise'. */
  failure: string;
};

/** An "expert-api" bearer token may call public routes and routes open to experts only. */
function scopeAllows(actor: Actor, roles: AppRole[] | null) {
  if (actor.via !== "bearer" || actor.scope === "full") return true;
  return roles === null || roles.every((r) => r === "expert");
}

export function apiRoute<S extends z.ZodType | undefined = undefined>(
  options: Options<S>,
  handler: (ctx: HandlerContext<S extends z.ZodType ? z.infer<S> : undefined>) => Promise<unknown>,
) {
  return async (request: NextRequest, context: { params: Promise<Record<string, string>> }) => {
    const crossSite = crossOriginWrite(request);
    if (crossSite) return crossSite;
    try {
      let actor: Actor | null = null;
      if (options.roles) {
        actor = await actorFromRequest(request);
        if (!actor || (options.roles.length && !hasAnyRole(actor, options.roles))) {
          const refusal = refusalFor(actor, options.roles);
          return fail(refusal.status, refusal.message, refusal.code);
        }
      } else {
        actor = await actorFromRequest(request).catch(() => null);
      }
      if (actor && !scopeAllows(actor, options.roles)) {
        return fail(403, 'This token may call the expert API only. Ask POST /api/auth/token for scope "full".', "FORBIDDEN");
      }
      // Every write an admin makes while viewing as someone is recorded with the admin's id.
      if (actor?.impersonating && isWrite(request.method)) {
        await auditImpersonated(actor, "write", `${request.method} ${request.nextUrl.pathname}`, requestMeta(request.headers));
      }
      let input: unknown = undefined;
      if (options.body) {
        const parsed = options.body.safeParse(await readJson(request));
        if (!parsed.success) return fail(400, describeIssues(parsed.error), "BAD_REQUEST");
        input = parsed.data;
      }
      const data = await handler({ request, actor, input: input as never, params: (await context?.params) ?? {} });
      if (data instanceof Response) return data;
      return ok(data);
    } catch (e) {
      if (isAppError(e)) return fail(e.status, e.message, e.code, retryAfterHeader(e));
      if (isDatabaseDown(e))
        return fail(503, "The service is temporarily unavailable. Please try again shortly.", "UNAVAILABLE", { "Retry-After": "5" });
      log.error({ err: e }, "route handler failed");
      return fail(500, options.failure, "INTERNAL");
    }
  };
}
