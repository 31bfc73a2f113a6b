// XML for /sitemap.xml (sitemaps.org protocol). Pure, so it is unit-tested.

export const SITEMAP_URL_LIMIT = 50_000;

/** The public routes worth indexing (sign-in pages under /client and /expert are disallowed in robots.txt). */
export const PUBLIC_ROUTES = [
  "/",
  "/experts",
  "/how-it-works",
  "/payments",
  "/register",
  "/join",
  "/login",
  "/contact",
  "/help",
  "/help-center",
  "/privacy-data",
  "/terms",
  "/payment-policy",
  "/expert-agreement",
  "/cookies",
  "/sitemap",
  "/api-status",
] as const;

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export type SitemapEntry = { loc: string; lastmod?: Date };

/** A sitemaps.org document: `root` around one `item` element per entry, each with its lastmod when known. */
function sitemapDocument(root: "urlset" | "sitemapindex", item: "url" | "sitemap", entries: Iterable<SitemapEntry>): string {
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`];
  for (const e of entries) {
    parts.push(`<${item}><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</${item}>\n`);
  }
  parts.push(`</${root}>\n`);
  return parts.join("");
}

export const urlsetXml = (entries: Iterable<SitemapEntry>) => sitemapDocument("urlset", "url", entries);

export const sitemapIndexXml = (entries: Iterable<SitemapEntry>) => sitemapDocument("sitemapindex", "sitemap", entries);

/** How many expert sitemaps the index needs (the first also carries the public routes). */
export function expertSitemapCount(expertCount: number): number {
  return Math.max(1, Math.ceil((expertCount + PUBLIC_ROUTES.length) / SITEMAP_URL_LIMIT));
}

/** The [skip, take] of experts in sitemap part n (1-based); part 1 leaves room for the routes. */
export function expertRangeOfPart(part: number): { skip: number; take: number } {
  const firstTake = SITEMAP_URL_LIMIT - PUBLIC_ROUTES.length;
  if (part === 1) return { skip: 0, take: firstTake };
  return { skip: firstTake + (part - 2) * SITEMAP_URL_LIMIT, take: SITEMAP_URL_LIMIT };
}
