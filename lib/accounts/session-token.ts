import { hkdfSync } from "node:crypto";
import { jwtDecrypt } from "jose";
import { encode, type JWT } from "next-auth/jwt";
import { envSubset } from "@/lib/platform/env";
import type { AppRole } from "@/lib/accounts/constants";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/accounts/cookies";

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

// Read through lib/platform/env.ts (the one owner of every variable), once: the proxy decodes per request.
let cachedSecret: string | undefined;
const secret = () => (cachedSecret ??= envSubset(["NEXTAUTH_SECRET"]).NEXTAUTH_SECRET);

// next-auth's decode derives the encryption key from the secret (HKDF) on every call, and every
// signed-in request decodes twice (the proxy, then the page): a few percent of a page's CPU for a
// key that never changes. The same derivation (next-auth 4's, without a salt) is made once; the
// same jwtDecrypt (jose, A256GCM, 15 s clock tolerance) checks the token. encode stays next-auth's.
let cachedKey: Uint8Array | undefined;
const encryptionKey = () => (cachedKey ??= new Uint8Array(hkdfSync("sha256", secret(), "", "NextAuth.js Generated Encryption Key", 32)));

export async function decodeSessionToken(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const { payload: claims } = await jwtDecrypt(token, encryptionKey(), { clockTolerance: 15 });
    if (!claims || typeof claims.sub !== "string" || typeof claims.sid !== "string" || !Array.isArray(claims.roles)) return null;
    return claims as SessionClaims;
  } catch {
    return null;
  }
}

export function encodeSessionToken(claims: Omit<SessionClaims, "iat" | "exp" | "jti">) {
  return encode({ token: claims, secret: secret(), maxAge: SESSION_MAX_AGE_SECONDS });
}
