import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** A URL-safe random token and the SHA-256 we store in its place. */
export function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}
