import { buildSitemapPart } from "@/lib/services/sitemap";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

/** /sitemaps/experts-N.xml: one part of the sitemap index (only used beyond 50,000 URLs). */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const match = /^experts-(\d{1,6})\.xml$/.exec(file);
  const xml = match ? await buildSitemapPart(env().APP_URL.replace(/\/$/, ""), Number(match[1])) : null;
  if (!xml) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=60" } });
}
