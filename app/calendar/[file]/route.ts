import { calendarFeedByToken } from "@/lib/engagements/calendar-feed";
import { NO_STORE } from "@/lib/platform/no-store";

export const dynamic = "force-dynamic";

/** The API's one error shape, so a person opening a dead address in a browser reads why. */
const NOT_FOUND = () =>
  Response.json(
    { success: false, error: "This calendar feed does not exist or was turned off.", code: "NOT_FOUND" },
    { status: 404, headers: NO_STORE },
  );

/** Whether an If-None-Match header names this ETag (a list, weak forms and * included). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/**
 * A person's private calendar feed (/calendar/<token>.ics), for calendar apps to poll. No
 * sign-in: the token is the key. It is private to one person, so shared caches keep nothing;
 * the app's own cache revalidates with the ETag and gets 304 while nothing changed.
 */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (!file.endsWith(".ics")) return NOT_FOUND();
  const feed = await calendarFeedByToken(file.slice(0, -4));
  if (!feed) return NOT_FOUND();
  const headers = {
    ETag: feed.etag,
    "Last-Modified": feed.lastModified.toUTCString(),
    "Cache-Control": "private, max-age=300, must-revalidate",
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "no-referrer",
  };
  if (matches(request.headers.get("if-none-match"), feed.etag)) return new Response(null, { status: 304, headers });
  return new Response(feed.ics, {
    headers: { ...headers, "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="k12-experts.ics"' },
  });
}
