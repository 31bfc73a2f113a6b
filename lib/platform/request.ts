import "server-only";
import { isIP } from "node:net";
import { isTrustedProxy as trustedBy, normalizeAddress as normalize } from "@/lib/platform/security/trusted-proxies.mjs";
import { env } from "@/lib/platform/env";
import { PEER_HEADER, peerAddressFrom } from "@/lib/platform/security/peer-address";

type HeaderSource = { get(name: string): string | null };

/** What clientIp answers when the peer is not known (a request from before the boot patch). */
export const UNKNOWN_CLIENT = "unknown";

const isTrustedProxy = (ip: string) => trustedBy(ip, env().TRUSTED_PROXIES);

/**
 * The caller's IP, for consent records and per-IP limits. It is the socket's address (written
 * by the server itself into a private header, see peer-address.ts), unless that peer is one
 * of TRUSTED_PROXIES: then X-Forwarded-For is read from the right, skipping trusted hops, and
 * the first address a trusted proxy did not vouch for is the client. A header sent by anyone
 * else is ignored, so rotating it cannot lift a limit.
 */
export function clientIp(headers: HeaderSource): string {
  const raw = peerAddressFrom(headers.get(PEER_HEADER));
  if (!raw) return UNKNOWN_CLIENT;
  const peer = normalize(raw);
  if (!isTrustedProxy(peer)) return peer.slice(0, 64);
  const chain = (headers.get("x-forwarded-for") ?? "").split(",").map(normalize).filter(Boolean);
  let client = peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    // A non-address left of a trusted hop was written by the client: stop at the last good hop.
    if (!isIP(chain[i])) break;
    client = chain[i];
    if (!isTrustedProxy(client)) break;
  }
  return client.slice(0, 64);
}

export function userAgent(headers: HeaderSource): string | null {
  return headers.get("user-agent")?.slice(0, 512) ?? null;
}

/** Where a request came from, as consent records, sessions and the audit trail store it. */
export type RequestMeta = { ip: string; userAgent: string | null };

export function requestMeta(headers: HeaderSource): RequestMeta {
  return { ip: clientIp(headers), userAgent: userAgent(headers) };
}
