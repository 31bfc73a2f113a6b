import "server-only";
import { countSitemapExperts, listSitemapExperts } from "@/lib/services/directory";
import { PUBLIC_ROUTES, expertRangeOfPart, expertSitemapCount, sitemapIndexXml, urlsetXml, type SitemapEntry } from "@/lib/sitemap-xml";

/**
 * /sitemap.xml from the database: the public routes and every verified public profile with
 * its last update. Beyond 50,000 URLs it answers an index of /sitemaps/experts-N.xml parts.
 * Read fresh on each request, so a profile that is hidden or unverified leaves it at once.
 */
export async function buildSitemap(origin: string): Promise<string> {
  const total = await countSitemapExperts();
  const parts = expertSitemapCount(total);
  if (parts > 1) return sitemapIndexXml(Array.from({ length: parts }, (_, i) => `${origin}/sitemaps/experts-${i + 1}.xml`));
  return (await buildSitemapPart(origin, 1)) ?? urlsetXml([]);
}

export async function buildSitemapPart(origin: string, part: number): Promise<string | null> {
  const total = await countSitemapExperts();
  if (!Number.isInteger(part) || part < 1 || part > expertSitemapCount(total)) return null;
  const { skip, take } = expertRangeOfPart(part);
  const experts = await listSitemapExperts(skip, take);
  const entries: SitemapEntry[] = part === 1 ? PUBLIC_ROUTES.map((r) => ({ loc: `${origin}${r}` })) : [];
  for (const e of experts) entries.push({ loc: `${origin}/experts/${e.id}`, lastmod: e.updatedAt });
  return urlsetXml(entries);
}
