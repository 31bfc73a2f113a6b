import { describe, expect, it } from "vitest";
import {
  PUBLIC_ROUTES,
  SITEMAP_URL_LIMIT,
  expertRangeOfPart,
  expertSitemapCount,
  sitemapIndexXml,
  urlsetXml,
} from "@/lib/site/sitemap-xml";

describe("sitemap XML", () => {
  it("escapes and dates entries", () => {
    const xml = urlsetXml([{ loc: "https://x.example/a?b=1&c=2", lastmod: new Date("2026-01-02T03:04:05Z") }]);
    expect(xml).toContain("<loc>https://x.example/a?b=1&amp;c=2</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(sitemapIndexXml([{ loc: "https://x.example/sitemaps/experts-1.xml" }])).toContain(
      "<sitemap><loc>https://x.example/sitemaps/experts-1.xml</loc></sitemap>",
    );
    expect(sitemapIndexXml([{ loc: "https://x.example/sitemaps/experts-2.xml", lastmod: new Date("2026-01-02T03:04:05Z") }])).toContain(
      "<sitemap><loc>https://x.example/sitemaps/experts-2.xml</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></sitemap>",
    );
  });

  it("splits beyond 50,000 URLs with parts that cover every expert once", () => {
    expect(expertSitemapCount(0)).toBe(1);
    expect(expertSitemapCount(SITEMAP_URL_LIMIT - PUBLIC_ROUTES.length)).toBe(1);
    expect(expertSitemapCount(SITEMAP_URL_LIMIT - PUBLIC_ROUTES.length + 1)).toBe(2);
    expect(expertSitemapCount(100_000)).toBe(3);
    let covered = 0;
    for (let part = 1; part <= expertSitemapCount(100_000); part++) {
      const { skip, take } = expertRangeOfPart(part);
      expect(skip).toBe(covered);
      expect(take + (part === 1 ? PUBLIC_ROUTES.length : 0)).toBeLessThanOrEqual(SITEMAP_URL_LIMIT);
      covered += take;
    }
    expect(covered).toBeGreaterThanOrEqual(100_000);
  });

  it("does not list the /sitemap.xml HTML sibling's private areas", () => {
    for (const r of PUBLIC_ROUTES) expect(r).not.toMatch(/^\/(admin|client|dashboard|expert|onboarding|api)(\/|$)/);
    expect(PUBLIC_ROUTES).toContain("/sitemap");
  });
});
