import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { isAppError, type AppErrorCode } from "@/lib/errors";
import type { AppRole } from "@/lib/constants";
import { requireActor, type Actor } from "@/lib/auth/session";
import { fieldErrorsOf } from "@/lib/validation/issues";
import { isDatabaseDown } from "@/lib/db-outage";
import { clientIp, userAgent } from "@/lib/request";
import { auditImpersonated } from "@/lib/services/impersonation";

/** The action is named by its failure message (e.g. "Failed to initiate cash out…"), which says what it does. */
async function auditImpersonatedAction(actor: Actor, failure: string) {
  const { headers } = await import("next/headers");
  const h = await headers();
  await auditImpersonated(actor, "write", `action: ${failure.replace(/^Failed to /, "").replace(/\. Please try again\.$/, "")}`, { ip: clientIp(h), userAgent: userAgent(h) });
}

export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]>; code?: AppErrorCode };

type Options<S extends z.ZodType> = {
  schema: S;
  /** null: anyone (public forms); []: any signed-in user; otherwise one of these roles. */
  roles: AppRole[] | null;
  /** The spec's failure message for this action (shown when something unexpected breaks). */
  failure: string;
  /** Reads only: not recorded as a write in the impersonation audit trail. */
  readOnly?: boolean;
};

/**
 * Every server action goes through here: parse with the shared schema, then check who is
 * acting, then run one service call. Redirects thrown by the body pass through.
 */
export function defineAction<S extends z.ZodType, T>(
  options: Options<S>,
  body: (input: z.infer<S>, actor: Actor | null) => Promise<T>,
) {
  return async (raw: unknown): Promise<ActionResult<T>> => {
    const parsed = options.schema.safeParse(raw);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      return { ok: false, message: parsed.error.issues[0]?.message ?? options.failure, fieldErrors };
    }
    try {
      const actor = options.roles ? await requireActor(options.roles.length ? options.roles : undefined) : null;
      // Every write an admin makes while viewing as someone is recorded with the admin's id.
      if (actor?.impersonating && !options.readOnly) await auditImpersonatedAction(actor, options.failure);
      return { ok: true, data: await body(parsed.data, actor) };
    } catch (e) {
      unstable_rethrow(e);
      if (isAppError(e)) return { ok: false, message: e.message, fieldErrors: e.fieldErrors, code: e.code };
      if (isDatabaseDown(e)) return { ok: false, message: "The service is temporarily unavailable. Please try again shortly." };
      console.error("[action]", e);
      return { ok: false, message: options.failure };
    }
  };
}
