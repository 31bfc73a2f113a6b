"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime } from "@/lib/format";

const noSubscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const serverZone = () => "UTC";

/** An instant in the viewer's own time zone with the zone named; UTC in the server's HTML until hydrated. */
export function LocalTime({ iso }: { iso: string }) {
  const zone = useSyncExternalStore(noSubscribe, browserZone, serverZone);
  return <time dateTime={iso}>{formatDateTime(iso, zone)}</time>;
}
