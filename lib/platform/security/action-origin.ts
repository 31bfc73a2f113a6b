// Server actions are the app's form posts, so a post from another site is cross-site request
// forgery. Next refuses one whose Origin names another host, but with a 500; the proxy refuses
// it first with a 403 and a message. A request without Origin is not a browser's cross-site post
// (browsers send Origin on every POST) and goes on to Next, as Next itself allows it.

export const CROSS_ORIGIN_MESSAGE = "Cross-origin requests are not allowed.";

/** True when a server action POST names an Origin other than the host it was sent to. */
export function crossOriginAction(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host; // "null" (sandboxed frames, file: pages) does not parse
  } catch {
    return true;
  }
  // Behind a reverse proxy the browser's host arrives as x-forwarded-host (its first value).
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return originHost !== headers.get("host") && originHost !== forwarded;
}
