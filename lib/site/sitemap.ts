import "server-only";
import { unstable_cache } from "next/cache";
import { listSitemapExperts, sitemapPartLastmods, sitemapRangeStamp, sitemapStamp } from "@/lib/experts/directory";
import {
  PUBLIC_ROUTES,
  SITEMAP_URL_LIMIT,
  expertRangeOfPart,
  expertSitemapCount,
  sitemapIndexXml,
  urlsetXml,
  type SitemapEntry,
} from "@/lib/site/sitemap-xml";

/**
 * /sitemap.xml from the database: the public routes and every verified public profile with
 * its last update. Beyond 50,000 URLs it answers an index of /sitemaps/experts-N.xml files,
 * each with the newest update among its profiles as lastmod.
 */
export async function buildSitemap(origin: string): Promise<string> {
  const { total, lastmods } = await sitemapPartLastmods(expertRangeOfPart(1).take, SITEMAP_URL_LIMIT);
  const parts = expertSitemapCount(total);
  if (parts === 1) return (await buildSitemapPart(origin, 1)) ?? urlsetXml([]);
  return sitemapIndexXml(
    Array.from({ length: parts }, (_, i) => ({ loc: `${origin}/sitemaps/experts-${i + 1}.xml`, lastmod: lastmods[i] })),
  );
}

/** File `part` of the sitemap, or null when there is no such file. */
export async function buildSitemapPart(origin: string, part: number): Promise<string | null> {
  if (!Number.isInteger(part) || part < 1) return null;
  const { skip, take } = expertRangeOfPart(part);
  const experts = await listSitemapExperts(skip, take);
  if (part > 1 && experts.length === 0) return null;
  const entries: SitemapEntry[] = part === 1 ? PUBLIC_ROUTES.map((r) => ({ loc: `${origin}${r}` })) : [];
  for (const e of experts) entries.push({ loc: `${origin}/experts/${e.id}`, lastmod: e.updatedAt });
  return urlsetXml(entries);
}

/**
 * The version of file `part` (an ETag) and its newest update, read from the index alone, or
 * null when there is no such file. It changes exactly when a profile in the file changes.
 */
export async function sitemapPartVersion(part: number): Promise<{ etag: string; lastmod: Date | null } | null> {
  if (!Number.isInteger(part) || part < 1) return null;
  const { skip, take } = expertRangeOfPart(part);
  const stamp = await sitemapRangeStamp(skip, take);
  if (part > 1 && stamp.count === 0) return null;
  return { etag: `"experts-${part}-${stamp.digest}"`, lastmod: stamp.lastmod };
}

// Built once per version: the cache key holds the version, so a file is rebuilt only after a
// profile in it changed (the old entry simply stops being asked for).
const cachedPart = unstable_cache((origin: string, part: number, _etag: string) => buildSitemapPart(origin, part), ["sitemap-part"], {
  revalidate: 86_400,
});

/** File `part` for a request: its version, and its XML from the cache while that version holds. */
export async function sitemapPartForRequest(
  origin: string,
  part: number,
): Promise<{ etag: string; lastmod: Date | null; xml: () => Promise<string | null> } | null> {
  const version = await sitemapPartVersion(part);
  return version && { ...version, xml: () => cachedPart(origin, part, version.etag) };
}

// The index (or the single file below 50,000 URLs) lists every file's lastmod, so it changes with
// any listed profile: it is rebuilt only when the listed profiles' count or newest update moved
// (a profile that leaves or joins moves the newest update too).
const cachedSitemap = unstable_cache((origin: string, _stamp: string) => buildSitemap(origin), ["sitemap-index"], { revalidate: 86_400 });

/** /sitemap.xml for a request: from the cache while no listed profile changed. */
export async function sitemapForRequest(origin: string): Promise<string> {
  return cachedSitemap(origin, await sitemapStamp());
}
