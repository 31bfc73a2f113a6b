import type { MetadataRoute } from "next";
import { env } from "@/lib/platform/env";

// Rendered on request: the origin comes from the validated environment, not known at build.
export const dynamic = "force-dynamic";

/** robots.txt: points to the sitemap and keeps crawlers out of the private areas. */
export default function robots(): MetadataRoute.Robots {
  const origin = env().APP_URL.replace(/\/$/, "");
  return {
    rules: [
      {
        userAgent: "*",
        allow: "/",
        // "/expert$" and "/expert/" rather than "/expert", which would also block the public /experts;
        // "/api/" rather than "/api", which would also block the public /api-status.
        disallow: ["/admin", "/client", "/dashboard", "/expert$", "/expert/", "/onboarding", "/api/"],
      },
    ],
    sitemap: `${origin}/sitemap.xml`,
  };
}
