import { apiRoute, ok } from "@/lib/accounts/api-handler";
import { IMPERSONATION_COOKIE } from "@/lib/accounts/cookies";
import { requireRealAdmin } from "@/lib/accounts/real-admin";
import { requestMeta } from "@/lib/platform/request";
import { impersonateBodySchema } from "@/lib/experts/schemas/admin";
import { startImpersonation, stopImpersonation, switchToDemoPersona } from "@/lib/accounts/impersonation";
import { clearImpersonationCookie, setImpersonationCookie } from "@/app/api/admin-impersonate/cookie";

export const dynamic = "force-dynamic";

/**
 * {userId} starts impersonating a user, {persona} views as the demo client or expert,
 * {action:'stop'} stops. Any signed-in user reaches the body; the admin check runs on the
 * real (signed-in) user, because while impersonating the effective identity is the target.
 */
export const POST = apiRoute(
  { roles: [], body: impersonateBodySchema, failure: "Failed to impersonate user" },
  async ({ actor, input, request }) => {
    const admin = requireRealAdmin(actor);
    const who = { ...admin, ...requestMeta(request.headers) };
    const currentSeal = request.cookies.get(IMPERSONATION_COOKIE)?.value;

    if ("action" in input) {
      const result = await stopImpersonation(who, currentSeal);
      return clearImpersonationCookie(ok({ ...result, home: "/admin" }));
    }
    const started =
      "persona" in input ? await switchToDemoPersona(who, input.persona, currentSeal) : await startImpersonation(who, input.userId);
    return setImpersonationCookie(ok({ target: started.target, home: started.home }), started.seal);
  },
);
