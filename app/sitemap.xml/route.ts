import { sitemapForRequest } from "@/lib/site/sitemap";
import { env } from "@/lib/platform/env";

// /sitemap.xml (the XML one; /sitemap is the human-readable page). Checked per request against
// the listed profiles (lib/site/sitemap.ts), so a hidden or unverified profile leaves it at once.
export const dynamic = "force-dynamic";

export async function GET() {
  const xml = await sitemapForRequest(env().APP_URL.replace(/\/$/, ""));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=60" },
  });
}
