import { z } from "@/lib/platform/validation/zod";
import { apiRoute } from "@/lib/accounts/api-handler";
import { requestMeta } from "@/lib/platform/request";
import { issueTokens } from "@/lib/accounts/api-tokens";
import { signInSchema } from "@/lib/accounts/schemas/auth";

const bodySchema = signInSchema.pick({ email: true, password: true }).extend({
  scope: z.enum(["expert-api", "full"], { error: 'scope must be "expert-api" or "full"' }).optional(),
});

/**
 * Bearer tokens for API callers: access token (1 h) and refresh token (30 days), scoped to the
 * expert API unless `scope: "full"` is asked for.
 */
export const POST = apiRoute({ roles: null, body: bodySchema, failure: "Failed to sign in" }, async ({ input, request }) =>
  issueTokens(input, requestMeta(request.headers)),
);
