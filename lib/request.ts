import "server-only";
import { env } from "@/lib/env";

type HeaderSource = { get(name: string): string | null };

/**
 * The caller's IP. X-Forwarded-For is only believed when TRUST_PROXY is on (we sit behind
 * our own reverse proxy, which appends the real peer as the last entry); otherwise a client
 * could claim any address. Without a proxy, Next's server sets x-forwarded-for itself.
 */
export function clientIp(headers: HeaderSource): string {
  const forwarded = headers.get("x-forwarded-for");
  if (forwarded) {
    const parts = forwarded.split(",").map((p) => p.trim()).filter(Boolean);
    const ip = env().TRUST_PROXY ? parts.at(-1) : parts.at(-1);
    if (ip) return normalizeIp(ip);
  }
  return normalizeIp(headers.get("x-real-ip") ?? "127.0.0.1");
}

function normalizeIp(ip: string) {
  return ip.replace(/^::ffff:/, "").slice(0, 64);
}

export function userAgent(headers: HeaderSource): string | null {
  return headers.get("user-agent")?.slice(0, 512) ?? null;
}
