"use client";

import { useSyncExternalStore } from "react";

const FORMAT: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };
const noSubscribe = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** An instant in the viewer's own time zone with the zone named; UTC in the server's HTML until hydrated. */
export function LocalTime({ iso }: { iso: string }) {
  const local = useSyncExternalStore(noSubscribe, inBrowser, onServer);
  const text = new Date(iso).toLocaleString("en-US", local ? FORMAT : { ...FORMAT, timeZone: "UTC" });
  return <time dateTime={iso}>{text}</time>;
}
