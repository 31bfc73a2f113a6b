import "server-only";

type HeaderSource = { get(name: string): string | null };

/**
 * The caller's IP, for consent records and throttling. Next's server fills X-Forwarded-For
 * with the socket's address only when the request has none, and a reverse proxy (nginx's
 * $proxy_add_x_forwarded_for) appends the peer it saw, so the LAST entry is the address the
 * nearest hop observed. Without a proxy in front, a client that sends its own header can
 * choose that value: per-IP throttling is then a soft limit, and the per-e-mail limit still holds.
 */
export function clientIp(headers: HeaderSource): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((p) => p.trim()).filter(Boolean).at(-1);
  return (last ?? headers.get("x-real-ip") ?? "127.0.0.1").replace(/^::ffff:/, "").slice(0, 64);
}

export function userAgent(headers: HeaderSource): string | null {
  return headers.get("user-agent")?.slice(0, 512) ?? null;
}
