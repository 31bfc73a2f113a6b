import { formatDateTime } from "@/lib/platform/format";

/** When a consent was signed, in the viewer's zone (named) and in UTC, as an IRB record reads it. */
export function SignedAt({ at, zone }: { at: Date; zone: string }) {
  return (
    <span>
      <time dateTime={at.toISOString()}>{formatDateTime(at, zone)}</time>
      {zone === "UTC" ? null : <span className="text-muted-foreground"> ({formatDateTime(at, "UTC")})</span>}
    </span>
  );
}
