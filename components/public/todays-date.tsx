"use client";

import { useSyncExternalStore } from "react";
import { formatLongDate } from "@/lib/format";
import { DEFAULT_TIME_ZONE } from "@/lib/vocabulary/time";

const today = () => formatLongDate(new Date(), DEFAULT_TIME_ZONE);
const noSubscribe = () => () => {};

/**
 * Today's date (New York), correct on the day someone reads the page: the static HTML carries
 * the date it was rendered, and the browser replaces it once hydrated, so a page cached across
 * midnight never shows yesterday.
 */
export function TodaysDate({ rendered }: { rendered: string }) {
  return <>{useSyncExternalStore(noSubscribe, today, () => rendered)}</>;
}
