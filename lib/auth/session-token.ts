import { decode, encode, type JWT } from "next-auth/jwt";
import { envSubset } from "@/lib/env";
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

// Read through lib/env.ts (the one owner of every variable), once: the proxy decodes per request.
let cachedSecret: string | undefined;
const secret = () => (cachedSecret ??= envSubset(["NEXTAUTH_SECRET"]).NEXTAUTH_SECRET);

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
