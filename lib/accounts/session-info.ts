import "server-only";
import type { Actor } from "@/lib/accounts/actor";
import { ROLE_HOME } from "@/lib/accounts/constants";

/** What the header island may know about the viewer: no more than their own e-mail and roles. */
export type SessionInfo =
  | { signedIn: false }
  | {
      signedIn: true;
      email: string;
      role: Actor["primaryRole"];
      roles: Actor["roles"];
      home: string;
      onboardingComplete: boolean;
      impersonating: boolean;
      realEmail: string;
      isAdmin: boolean;
      /** For the header's bell, read with who is signed in so the page needs no second request. */
      unreadNotifications: number;
      /** Asked for by the sign-in form only: whether this person signed in before this session. */
      returning?: boolean;
    };

export function toSessionInfo(actor: Actor | null, realIsAdmin: boolean, unreadNotifications = 0): SessionInfo {
  if (!actor) return { signedIn: false };
  return {
    signedIn: true,
    email: actor.email,
    role: actor.primaryRole,
    roles: actor.roles,
    home: ROLE_HOME[actor.primaryRole],
    onboardingComplete: actor.onboardingComplete,
    impersonating: actor.impersonating,
    realEmail: actor.realEmail,
    isAdmin: realIsAdmin,
    unreadNotifications,
  };
}
