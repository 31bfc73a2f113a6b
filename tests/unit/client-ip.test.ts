import { afterEach, describe, expect, it } from "vitest";
import { clientIp, UNKNOWN_CLIENT } from "@/lib/platform/request";
import { parseTrustedProxies } from "@/lib/platform/security/trusted-proxies.mjs";
import { PEER_HEADER, peerHeaderFor } from "@/lib/platform/security/peer-address";

// clientIp reads TRUSTED_PROXIES through env(), parsed once: each case sets it before the first read.
const headers = (h: Record<string, string>) => new Headers(h);

describe("clientIp without trusted proxies", () => {
  it("is the socket's address whatever X-Forwarded-For says", () => {
    expect(clientIp(headers({ ...peerHeaderFor("198.51.100.4"), "x-forwarded-for": "10.0.0.1" }))).toBe("198.51.100.4");
    expect(clientIp(headers({ ...peerHeaderFor("::ffff:127.0.0.1"), "x-forwarded-for": "1.2.3.4, 5.6.7.8" }))).toBe("127.0.0.1");
  });
  it("does not believe a peer header the client wrote itself", () => {
    expect(clientIp(headers({ [PEER_HEADER]: "guess 10.9.9.9", "x-forwarded-for": "10.9.9.9" }))).toBe(UNKNOWN_CLIENT);
    expect(clientIp(headers({ "x-forwarded-for": "10.9.9.9", "x-real-ip": "10.9.9.9" }))).toBe(UNKNOWN_CLIENT);
  });
});

describe("clientIp behind trusted proxies", () => {
  const before = process.env.TRUSTED_PROXIES;
  afterEach(() => {
    process.env.TRUSTED_PROXIES = before;
  });
  it("reads X-Forwarded-For from the right, skipping trusted hops", async () => {
    // A fresh module graph so env() reads the variable set here.
    process.env.TRUSTED_PROXIES = "127.0.0.1, 10.0.0.0/8, ::1";
    const { vi } = await import("vitest");
    vi.resetModules();
    const fresh = await import("@/lib/platform/request");
    const peer = await import("@/lib/platform/security/peer-address");
    const from = (socket: string, xff?: string) =>
      fresh.clientIp(headers({ ...peer.peerHeaderFor(socket), ...(xff ? { "x-forwarded-for": xff } : {}) }));
    expect(from("127.0.0.1", "203.0.113.9")).toBe("203.0.113.9");
    expect(from("127.0.0.1", "6.6.6.6, 203.0.113.9, 10.1.2.3")).toBe("203.0.113.9");
    expect(from("::1", "2001:db8::5")).toBe("2001:db8::5");
    expect(from("127.0.0.1")).toBe("127.0.0.1");
    expect(from("127.0.0.1", "not-an-ip, 10.4.4.4")).toBe("10.4.4.4");
    // An untrusted peer's header is ignored.
    expect(from("198.51.100.77", "203.0.113.9")).toBe("198.51.100.77");
  });
  it("parses IPs and CIDR ranges and refuses anything else", () => {
    const list = parseTrustedProxies("10.0.0.0/8,192.168.1.1, fd00::/8");
    expect(list.check("10.200.1.1", "ipv4")).toBe(true);
    expect(list.check("192.168.1.2", "ipv4")).toBe(false);
    expect(list.check("fd12::1", "ipv6")).toBe(true);
    expect(() => parseTrustedProxies("example.com")).toThrow("TRUSTED_PROXIES");
  });
});
