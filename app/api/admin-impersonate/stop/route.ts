import { apiRoute, ok } from "@/lib/accounts/api-handler";
import { IMPERSONATION_COOKIE } from "@/lib/accounts/cookies";
import { requireRealAdmin } from "@/lib/accounts/real-admin";
import { requestMeta } from "@/lib/platform/request";
import { stopImpersonation } from "@/lib/accounts/impersonation";
import { clearImpersonationCookie } from "@/app/api/admin-impersonate/cookie";

export const dynamic = "force-dynamic";

/** Ends the impersonation (the banner's Stop). 403 unless the signed-in person is an admin. */
export const POST = apiRoute({ roles: [], failure: "Failed to stop impersonation" }, async ({ actor, request }) => {
  const admin = requireRealAdmin(actor);
  const result = await stopImpersonation({ ...admin, ...requestMeta(request.headers) }, request.cookies.get(IMPERSONATION_COOKIE)?.value);
  return clearImpersonationCookie(ok({ ...result, home: "/admin" }));
});
