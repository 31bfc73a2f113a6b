import { actorFromRequest, apiRoute } from "@/lib/accounts/api-handler";
import { can } from "@/lib/accounts/permissions";
import { countUnread } from "@/lib/notifications/notifications";
import { toSessionInfo } from "@/lib/accounts/session-info";
import { signedInBefore } from "@/lib/accounts/sessions";

export const dynamic = "force-dynamic";

/** Feeds the header's account island, so public pages themselves stay cacheable. */
export const GET = apiRoute({ roles: null, failure: "Failed to read the session" }, async ({ actor, request }) => {
  // For public routes the wrapper reads a failed session lookup as "signed out". The island must
  // tell that apart from a database outage (it retries a 503), so a null is asked once more and
  // an outage now reaches the wrapper, which answers 503.
  const viewer = actor ?? (await actorFromRequest(request));
  const info = toSessionInfo(viewer, can(viewer, "impersonate:user:any"), viewer ? await countUnread(viewer) : 0);
  // ?greeting=1: the sign-in form's one question, kept off the header's every-page read.
  if (viewer && info.signedIn && new URL(request.url).searchParams.get("greeting") === "1") info.returning = await signedInBefore(viewer);
  return info;
});
