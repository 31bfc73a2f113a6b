"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime } from "@/lib/platform/format";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const noChange = () => () => {};

/**
 * An instant in the reader's own zone, named ("Dec 5, 2026, 7:23 AM CST"), for a page that may be
 * read signed out and so knows no saved zone. The server's HTML and the first paint say it in
 * `fallbackZone`, named too, so it is never an unlabelled time.
 */
export function BrowserDateTime({ at, fallbackZone = "UTC" }: { at: string; fallbackZone?: string }) {
  const zone = useSyncExternalStore(noChange, browserZone, () => fallbackZone);
  return <time dateTime={at}>{formatDateTime(at, zone || fallbackZone)}</time>;
}
