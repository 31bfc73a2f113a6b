import { decode, encode, type JWT } from "next-auth/jwt";
import type { AppRole } from "@/lib/constants";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/cookies";

/** What our session JWT carries besides next-auth's standard claims. */
export type SessionClaims = JWT & {
  sub: string;
  email: string;
  roles: AppRole[];
  onboardingComplete: boolean;
  sv: number;
  /** The server-side session (auth_sessions.id). */
  sid: string;
};

function secret() {
  const value = process.env.NEXTAUTH_SECRET;
  if (!value) throw new Error("NEXTAUTH_SECRET is required");
  return value;
}

export async function decodeSessionToken(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const claims = await decode({ token, secret: secret() });
    if (!claims || typeof claims.sub !== "string" || typeof claims.sid !== "string" || !Array.isArray(claims.roles)) return null;
    return claims as SessionClaims;
  } catch {
    return null;
  }
}

export function encodeSessionToken(claims: Omit<SessionClaims, "iat" | "exp" | "jti">) {
  return encode({ token: claims, secret: secret(), maxAge: SESSION_MAX_AGE_SECONDS });
}
