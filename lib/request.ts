import "server-only";
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";
import { PEER_HEADER, peerAddressFrom } from "@/lib/security/peer-address";

type HeaderSource = { get(name: string): string | null };

/** What clientIp answers when the peer is not known (a request from before the boot patch). */
export const UNKNOWN_CLIENT = "unknown";

const normalize = (ip: string) => ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

let trusted: { source: string; list: BlockList } | undefined;

/** TRUSTED_PROXIES ("10.0.0.0/8, 127.0.0.1, ::1") as a BlockList; empty by default. */
export function parseTrustedProxies(source: string): BlockList {
  const list = new BlockList();
  for (const raw of source.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [address, prefix] = raw.split("/");
    const family = isIP(address);
    if (!family) throw new Error(`TRUSTED_PROXIES: ${raw} is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function isTrustedProxy(ip: string): boolean {
  const source = env().TRUSTED_PROXIES;
  if (!source) return false;
  if (trusted?.source !== source) trusted = { source, list: parseTrustedProxies(source) };
  const family = isIP(ip);
  return family !== 0 && trusted.list.check(ip, family === 4 ? "ipv4" : "ipv6");
}

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
