import type { AppRole } from "@/lib/accounts/constants";
import type { SessionScope } from "@/lib/accounts/sessions";
import type { Membership } from "@/lib/accounts/sign-in";

export type { Membership };

/**
 * Who is acting. `userId`/`roles` are the effective identity (the impersonated user while
 * an admin impersonates); `realUserId` is always the person who signed in.
 */
export type Actor = {
  userId: string;
  email: string;
  roles: AppRole[];
  primaryRole: AppRole;
  onboardingComplete: boolean;
  realUserId: string;
  realEmail: string;
  impersonating: boolean;
  /** The server-side session behind the request (cookie or bearer token). */
  sessionId: string;
  /** "expert-api" bearer tokens may call the expert API only. */
  scope: SessionScope;
  /** When the password was last entered in this session (re-authentication for money). */
  authenticatedAt: Date;
  via: "cookie" | "bearer";
  /** The effective identity's organization (clients; admins who run projects too), else null. */
  membership: Membership | null;
};
