import { sitemapPartForRequest } from "@/lib/site/sitemap";
import { env } from "@/lib/platform/env";

export const dynamic = "force-dynamic";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

/**
 * /sitemaps/experts-N.xml: one file of the sitemap index (only used beyond 50,000 URLs). Its
 * version is read from the index on every request; the XML is rebuilt only when a profile in
 * the file changed, and a crawler holding the current ETag gets a 304.
 */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const match = /^experts-(\d{1,6})\.xml$/.exec(file);
  const part = match ? await sitemapPartForRequest(env().APP_URL.replace(/\/$/, ""), Number(match[1])) : null;
  if (!part) return notFound();
  const headers: Record<string, string> = { "Cache-Control": "public, max-age=0, s-maxage=60", ETag: part.etag };
  if (part.lastmod) headers["Last-Modified"] = part.lastmod.toUTCString();
  if (request.headers.get("if-none-match") === part.etag) return new Response(null, { status: 304, headers });
  const xml = await part.xml();
  if (!xml) return notFound();
  return new Response(xml, { headers: { ...headers, "Content-Type": "application/xml; charset=utf-8" } });
}
