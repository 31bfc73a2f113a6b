import { AppError } from "@/lib/platform/errors";
import type { AppRole } from "@/lib/accounts/constants";

// Who may do what, as one table (the Epic Stack's "action:entity:access" strings). Every page,
// action, route handler and service asks `requirePermission` (or `can`); nothing else tests a
// role. "own" permissions still scope their queries by the actor: the table says who may try,
// the service's `where` says which rows.

export type Permission =
  /** The expert's own profile, dashboard, availability, wallet and payouts. */
  | "update:expert:own"
  /** Directory search with contact details, shortlists, invites and projects (clients and admins). */
  | "search:expert:any"
  | "manage:project:own"
  /** Expert verification and review (admins). */
  | "review:expert:any"
  /** The user list, account status and the audit trail. */
  | "manage:user:any"
  /** Platform-wide settings (the open-invite cap) and the invite load of every expert. */
  | "manage:platform:any"
  /** The money desk: payouts and their payment details, disputes, receivables and tax exports. */
  | "manage:money:any"
  /** The admin's own actions that must be the admin in person: impersonation (the demo seed acts as the effective identity: "manage:user:any"). */
  | "impersonate:user:any"
  /** Password, sessions: every signed-in person, for their own account. */
  | "manage:account:own";

const ROLE_PERMISSIONS: Record<AppRole, readonly Permission[]> = {
  expert: ["update:expert:own", "manage:account:own"],
  client: ["search:expert:any", "manage:project:own", "manage:account:own"],
  admin: [
    "search:expert:any",
    "manage:project:own",
    "review:expert:any",
    "manage:user:any",
    "manage:platform:any",
    "manage:money:any",
    "impersonate:user:any",
    "manage:account:own",
  ],
};

/** The roles that hold a permission, in the order the refusal names them. */
export function rolesWith(permission: Permission): AppRole[] {
  return (["expert", "client", "admin"] as const).filter((r) => ROLE_PERMISSIONS[r].includes(permission));
}

/** Held by the person who signed in, even while they view as someone else (only admins can). */
const PERSONAL: readonly Permission[] = ["impersonate:user:any"];

type Subject = { roles: readonly AppRole[]; primaryRole: AppRole; impersonating?: boolean } | null | undefined;

export function can(actor: Subject, permission: Permission): boolean {
  if (!actor) return false;
  // An impersonation is only ever honoured for a real admin session (lib/accounts/session.ts).
  if (actor.impersonating && PERSONAL.includes(permission)) return true;
  return actor.roles.some((r) => ROLE_PERMISSIONS[r].includes(permission));
}

/** The role gate of an area (proxy.ts, requireActor, apiRoute's `roles`): holds one of `roles`. */
export function hasAnyRole(actor: Subject, roles: readonly AppRole[]): boolean {
  return Boolean(actor && roles.some((r) => actor.roles.includes(r)));
}

/** The one wording of each refusal: 401 signed out, 403 with the roles the area needs. */
export function refusalFor(actor: Subject, roles: readonly AppRole[]): AppError {
  if (!actor) return new AppError("UNAUTHENTICATED", "No authentication token");
  return new AppError("FORBIDDEN", `This area requires ${roles.join(" or ")} access. You are signed in as ${actor.primaryRole}.`);
}

export function requirePermission<A extends NonNullable<Subject>>(actor: A | null | undefined, permission: Permission): asserts actor is A {
  if (!can(actor, permission)) throw refusalFor(actor, rolesWith(permission));
}
