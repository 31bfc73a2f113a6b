import { BlockList, isIP } from "node:net";

// TRUSTED_PROXIES ("10.0.0.0/8, 127.0.0.1, ::1"): parsed here only, by lib/env.ts when it
// validates the variable and by lib/request.ts when it reads X-Forwarded-For.

/** The list as a BlockList; throws naming the first entry that is not an IP address or CIDR range. */
export function parseTrustedProxies(source: string): BlockList {
  const list = new BlockList();
  for (const raw of source.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [address, prefix, extra] = raw.split("/");
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits))) {
      throw new Error(`TRUSTED_PROXIES: ${raw} is not an IP address or CIDR range`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

export function isValidTrustedProxies(source: string): boolean {
  try {
    parseTrustedProxies(source);
    return true;
  } catch {
    return false;
  }
}
