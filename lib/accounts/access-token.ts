import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/platform/env";

// Short-lived bearer tokens for API callers (POST /api/auth/token). A compact, HMAC-signed
// payload: we are the only issuer and verifier, so no JWT library is needed.

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

/** `sid` is the API session (auth_sessions.id) the token belongs to: revoking it ends the token. */
type AccessPayload = { sub: string; sv: number; sid: string; exp: number; typ: "access" };

const key = () => `${env().NEXTAUTH_SECRET}:api-access`;

const sign = (body: string) => createHmac("sha256", key()).update(body).digest("base64url");

export function signAccessToken(userId: string, sessionVersion: number, sessionId: string, now = Date.now()) {
  const payload: AccessPayload = {
    sub: userId,
    sv: sessionVersion,
    sid: sessionId,
    exp: Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS,
    typ: "access",
  };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return { token: `${body}.${sign(body)}`, expiresAt: payload.exp };
}

/** The payload of a valid, unexpired token, or null. */
export function verifyAccessToken(token: string, now = Date.now()): AccessPayload | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as AccessPayload;
    if (payload.typ !== "access" || typeof payload.sub !== "string" || typeof payload.sid !== "string" || payload.exp * 1000 <= now)
      return null;
    return payload;
  } catch {
    return null;
  }
}
