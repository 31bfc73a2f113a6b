"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { ZONE_COOKIE, browserTimeZone } from "@/lib/platform/zoned-time";

/**
 * Reports the browser's zone in a cookie, so the server renders an admin's times in it. Renders
 * nothing; refreshes the page once when the zone is new or has changed (travel, a new machine).
 */
export function BrowserZoneCookie() {
  const router = useRouter();
  useEffect(() => {
    const zone = browserTimeZone();
    if (!zone) return;
    const current = document.cookie
      .split("; ")
      .find((c) => c.startsWith(`${ZONE_COOKIE}=`))
      ?.slice(ZONE_COOKIE.length + 1);
    if (current && decodeURIComponent(current) === zone) return;
    document.cookie = `${ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax${location.protocol === "https:" ? "; secure" : ""}`;
    router.refresh();
  }, [router]);
  return null;
}
