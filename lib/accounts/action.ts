import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { isAppError, type AppErrorCode } from "@/lib/platform/errors";
import type { AppRole } from "@/lib/accounts/constants";
import { requireActor } from "@/lib/accounts/session";
import { type Actor } from "@/lib/accounts/actor";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import { isDatabaseDown } from "@/lib/platform/db-outage";
import { headers } from "next/headers";
import { requestMeta } from "@/lib/platform/request";
import { auditImpersonated } from "@/lib/accounts/impersonation";
import { loggerFor } from "@/lib/platform/log.mjs";

const log = loggerFor("action");

/** The action is named by its failure message (e.g. "Failed to initiate cash out…"), which says what it does. */
async function auditImpersonatedAction(actor: Actor, failure: string) {
  await auditImpersonated(
    actor,
    "write",
    `action: ${failure.replace(/^Failed to /, "").replace(/\. Please try again\.$/, "")}`,
    requestMeta(await headers()),
  );
}

export type ActionResult<T = undefined> =
  { ok: true; data: T } | { ok: false; message: string; fieldErrors?: Record<string, string[]>; code?: AppErrorCode };

type Options<S extends z.ZodType, R extends AppRole[] | null> = {
  schema: S;
  /** null: anyone (public forms); []: any signed-in user; otherwise one of these roles. */
  roles: R;
  /** The message shown when something unexpected breaks this action (e.g. "Failed to update expertise"). */
  failure: string;
  /** Reads only: not recorded as a write in the impersonation audit trail. */
  readOnly?: boolean;
};

/** With roles the body always gets the signed-in actor; a public action (roles: null) gets none. */
type ActorFor<R> = R extends null ? null : Actor;

/**
 * Every server action goes through here: check who is acting, then parse with the shared
 * schema, then run one service call. Redirects thrown by the body pass through.
 * The returned action is typed from the schema's input and the body's output, so a component
 * that calls it with the wrong shape does not compile.
 */
export function defineAction<S extends z.ZodType, T, R extends AppRole[] | null>(
  options: Options<S, R>,
  body: (input: z.output<S>, actor: ActorFor<R>) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return run(options, body);
}

/**
 * For forms that post a browser form's raw values (FormData entries, not yet typed) and leave
 * all parsing to the schema: the same checks, but the action takes unknown input by design.
 */
export function defineFormAction<S extends z.ZodType, T, R extends AppRole[] | null>(
  options: Options<S, R>,
  body: (input: z.output<S>, actor: ActorFor<R>) => Promise<T>,
): (input: unknown) => Promise<ActionResult<T>> {
  return run(options, body);
}

function run<S extends z.ZodType, T, R extends AppRole[] | null>(
  options: Options<S, R>,
  body: (input: z.output<S>, actor: ActorFor<R>) => Promise<T>,
) {
  return async (raw: unknown): Promise<ActionResult<T>> => {
    try {
      // Who is acting first (STYLE: every action checks the user first): a caller without the
      // role learns nothing of the input's rules. requireActor throws unless signed in with one
      // of the roles, so with roles the actor is an Actor.
      const actor = options.roles ? await requireActor(options.roles.length ? options.roles : undefined) : null;
      const parsed = options.schema.safeParse(raw);
      if (!parsed.success)
        return { ok: false, message: parsed.error.issues[0]?.message ?? options.failure, fieldErrors: fieldErrorsOf(parsed.error) };
      // Every write an admin makes while viewing as someone is recorded with the admin's id.
      if (actor?.impersonating && !options.readOnly) await auditImpersonatedAction(actor, options.failure);
      return { ok: true, data: await body(parsed.data, actor as ActorFor<R>) };
    } catch (e) {
      unstable_rethrow(e);
      if (isAppError(e)) return { ok: false, message: e.message, fieldErrors: e.fieldErrors, code: e.code };
      if (isDatabaseDown(e)) return { ok: false, message: "The service is temporarily unavailable. Please try again shortly." };
      log.error({ err: e }, "server action failed");
      return { ok: false, message: options.failure };
    }
  };
}
