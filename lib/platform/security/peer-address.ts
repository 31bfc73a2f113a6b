import "server-only";
import http from "node:http";
import { randomBytes } from "node:crypto";

// Route handlers, server actions and pages see headers, never the socket, and Next fills
// X-Forwarded-For from the socket only when the request carries none: whoever sends their own
// header chooses "their" address. So the server itself writes the peer address into a private
// header on every request, before Next sees it (instrumentation.ts installs this at boot).
// The value carries a per-process random token: a client that sends this header itself (or a
// request that arrived before the patch was installed) does not carry the token and is not
// believed.

export const PEER_HEADER = "x-k12-peer-address";

type PeerState = { token: string; installed: boolean };
const KEY = Symbol.for("k12.peerAddress");

function state(): PeerState {
  const g = globalThis as unknown as Record<symbol, PeerState | undefined>;
  g[KEY] ??= { token: randomBytes(18).toString("base64url"), installed: false };
  return g[KEY];
}

/** Patches http.Server so every request carries its socket's address (idempotent). */
export function installPeerAddressHeader() {
  const s = state();
  if (s.installed) return;
  const original = http.Server.prototype.emit;
  http.Server.prototype.emit = function emit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = `${s.token} ${req.socket?.remoteAddress ?? ""}`;
    }
    return original.apply(this, [event, ...args] as Parameters<typeof original>);
  } as typeof original;
  s.installed = true;
}

/** The socket address of this request, or null when the header was not written by us. */
export function peerAddressFrom(value: string | null | undefined): string | null {
  const s = state();
  if (!s.installed || !value) return null;
  const space = value.indexOf(" ");
  if (space < 0 || value.slice(0, space) !== s.token) return null;
  return value.slice(space + 1) || null;
}

/** For tests that call route handlers in-process: the header a real socket at `address` gets. */
export function peerHeaderFor(address: string): Record<string, string> {
  installPeerAddressHeader();
  return { [PEER_HEADER]: `${state().token} ${address}` };
}
