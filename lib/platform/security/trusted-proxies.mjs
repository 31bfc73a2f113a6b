import { BlockList, isIP } from "node:net";

// TRUSTED_PROXIES ("10.0.0.0/8, 127.0.0.1, ::1"): parsed here only, by lib/platform/env.ts when it
// validates the variable, by lib/platform/request.ts when it reads X-Forwarded-For and by
// scripts/server.mjs when it reads X-Request-Id. Plain JavaScript: that server runs outside the bundler.

/**
 * The list as a BlockList; throws naming the first entry that is not an IP address or CIDR range.
 * @param {string} source
 * @returns {BlockList}
 */
export function parseTrustedProxies(source) {
  const list = new BlockList();
  for (const raw of source
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
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

/** @param {string} source */
export function isValidTrustedProxies(source) {
  try {
    parseTrustedProxies(source);
    return true;
  } catch {
    return false;
  }
}

/** @type {{ source: string; list: BlockList } | undefined} */
let parsed;

/**
 * True when `ip` (a socket address; IPv4-mapped IPv6 is read as IPv4) is one of `source`'s proxies.
 * @param {string} ip
 * @param {string | undefined} source TRUSTED_PROXIES
 */
export function isTrustedProxy(ip, source) {
  if (!source) return false;
  if (parsed?.source !== source) parsed = { source, list: parseTrustedProxies(source) };
  const address = normalizeAddress(ip);
  const family = isIP(address);
  return family !== 0 && parsed.list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** @param {string} ip */
export const normalizeAddress = (ip) => ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
