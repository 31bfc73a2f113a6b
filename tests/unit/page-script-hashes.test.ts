import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, securePageEntry } from "@/lib/platform/page-script-hashes.mjs";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script body exactly as written, once, and skips external and empty scripts", () => {
    const flight = 'self.__next_f.push([1,"caf\\u00e9 \\u003c/script> ünïcode"])';
    const html =
      `<html><head><script src="/_next/static/chunks/a.js" async=""></script><script>${flight}</script></head>` +
      `<body><SCRIPT type="text/javascript">\nconsole.log(1)\n</SCRIPT ><script></script><script>${flight}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(flight), sha("\nconsole.log(1)\n")]);
  });
});

describe("securePageEntry", () => {
  it("gives a cached page a script policy of 'self' and its own hashes, keeping its other headers", () => {
    const headers = { "x-next-cache-tags": "profile" };
    const entry = { kind: "APP_PAGE", html: "<script>go()</script>", headers };
    securePageEntry(entry);
    // In place: Next already holds this headers object for the response being sent.
    expect(entry.headers).toBe(headers);
    const csp = (entry.headers as Record<string, string>)["content-security-policy"];
    expect(csp).toContain(`script-src 'self' ${sha("go()")}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("leaves route handler bodies and data entries alone", () => {
    const route = { kind: "APP_ROUTE", body: Buffer.from("<script>x()</script>"), headers: {} };
    securePageEntry(route);
    expect(route.headers).toEqual({});
    expect(securePageEntry(null)).toBeNull();
  });
});
