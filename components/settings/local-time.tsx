"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime } from "@/lib/platform/format";
import { browserTimeZone } from "@/lib/platform/zoned-time";

const noSubscribe = () => () => {};
const serverZone = () => "UTC";

/**
 * An instant with its zone named: the viewer's zone when the page knows it (lib/accounts/viewer-zone), else
 * the browser's — which the server's HTML cannot know, so it shows UTC, named, until hydrated.
 */
export function LocalTime({ iso, zone }: { iso: string; zone?: string }) {
  const browser = useSyncExternalStore(noSubscribe, () => browserTimeZone() ?? "UTC", serverZone);
  return <time dateTime={iso}>{formatDateTime(iso, zone ?? browser)}</time>;
}
