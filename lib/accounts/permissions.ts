import { AppError } from "@/lib/platform/errors";
import type { AppRole } from "@/lib/accounts/constants";
import type { Membership } from "@/lib/accounts/actor";
import type { OrgRole } from "@/lib/generated/prisma/enums";
import { orgRoleWithArticle } from "@/lib/accounts/org-role-names";

// Who may do what, as one table (the Epic Stack's "action:entity:access" strings). Every page,
// action, route handler and service asks `requirePermission` (or `can`); nothing else tests a
// role. "own" permissions still scope their queries by the actor: the table says who may try,
// the service's `where` says which rows.

export type Permission =
  /** The expert's own profile, dashboard, availability, wallet and payouts. */
  | "update:expert:own"
  /** Directory search with contact details, shortlists, invites and projects (clients and admins). */
  | "search:expert:any"
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
  /**
   * Reported and flagged messages: the moderation queue and reading a reported conversation
   * (admins). Held in person like impersonation: the reading is recorded under the admin's own id.
   */
  | "moderate:message:any"
  /** Password, sessions: every signed-in person, for their own account. */
  | "manage:account:own"
  | OrgPermission;

/**
 * What a member may do in their own organization ("org" scope: the rows of the organization
 * they belong to). The service's `where` names the organization and the roles (orgScope in
 * lib/organizations/membership.ts), so a member removed or demoted a moment ago is refused by
 * the query itself.
 */
export type OrgPermission =
  /** See the organization's projects, pipeline, shortlist, experts and messages. */
  | "read:project:org"
  /** Create and change projects, invite, run the pipeline, rate, shortlist, message. */
  | "manage:project:org"
  /** See the balance, statements, invoices and spend. */
  | "read:billing:org"
  /** Add funds, pay statements, ask for invoices, set budgets. */
  | "manage:billing:org"
  /** Invite and remove members (never an owner: only an owner changes owners). */
  | "manage:member:org"
  /** Change members' roles, including making and unmaking owners. */
  | "manage:role:org"
  /** Close the organization. */
  | "close:organization:org";

export const ORG_ROLES = ["owner", "admin", "researcher", "finance", "viewer"] as const satisfies readonly OrgRole[];

/** The role table: owner everything; admin members and billing; researcher the research; finance the money; viewer reads. */
const ORG_ROLE_PERMISSIONS: Record<OrgRole, readonly OrgPermission[]> = {
  owner: [
    "read:project:org",
    "manage:project:org",
    "read:billing:org",
    "manage:billing:org",
    "manage:member:org",
    "manage:role:org",
    "close:organization:org",
  ],
  admin: ["read:project:org", "read:billing:org", "manage:billing:org", "manage:member:org"],
  researcher: ["read:project:org", "manage:project:org"],
  finance: ["read:billing:org", "manage:billing:org"],
  viewer: ["read:project:org"],
};

const isOrgPermission = (p: Permission): p is OrgPermission => p.endsWith(":org");

/** The organization roles that hold an org permission (the query's `role IN (…)`). */
export function orgRolesWith(permission: OrgPermission): OrgRole[] {
  return ORG_ROLES.filter((r) => ORG_ROLE_PERMISSIONS[r].includes(permission));
}

const ROLE_PERMISSIONS: Record<AppRole, readonly Permission[]> = {
  expert: ["update:expert:own", "manage:account:own"],
  client: ["search:expert:any", "manage:account:own"],
  admin: [
    "search:expert:any",
    "review:expert:any",
    "manage:user:any",
    "manage:platform:any",
    "manage:money:any",
    "impersonate:user:any",
    "moderate:message:any",
    "manage:account:own",
  ],
};

/** The roles that hold a permission, in the order the refusal names them. */
export function rolesWith(permission: Permission): AppRole[] {
  if (isOrgPermission(permission)) return ["client", "admin"];
  return (["expert", "client", "admin"] as const).filter((r) => ROLE_PERMISSIONS[r].includes(permission));
}

/** Held by the person who signed in, even while they view as someone else (only admins can). */
const PERSONAL: readonly Permission[] = ["impersonate:user:any", "moderate:message:any"];

type Subject =
  { roles: readonly AppRole[]; primaryRole: AppRole; impersonating?: boolean; membership?: Membership | null } | null | undefined;

export function can(actor: Subject, permission: Permission): boolean {
  if (!actor) return false;
  if (isOrgPermission(permission)) {
    return Boolean(
      actor.membership && hasAnyRole(actor, ["client", "admin"]) && ORG_ROLE_PERMISSIONS[actor.membership.role].includes(permission),
    );
  }
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

/** The refusal of an org permission to a signed-in client: names the roles that may. */
export function orgRefusalFor(actor: Subject, permission: OrgPermission): AppError {
  if (!actor || !hasAnyRole(actor, ["client", "admin"])) return refusalFor(actor, rolesWith(permission));
  if (!actor.membership) return new AppError("FORBIDDEN", "You are not a member of an organization.");
  const roles = orgRolesWith(permission);
  return new AppError(
    "FORBIDDEN",
    `This needs the ${roles.join(", ").replace(/, ([^,]*)$/, " or $1")} role in your organization. You are ${orgRoleWithArticle(actor.membership.role)}.`,
  );
}

export function requirePermission<A extends NonNullable<Subject>>(actor: A | null | undefined, permission: Permission): asserts actor is A {
  if (can(actor, permission)) return;
  throw isOrgPermission(permission) ? orgRefusalFor(actor, permission) : refusalFor(actor, rolesWith(permission));
}
