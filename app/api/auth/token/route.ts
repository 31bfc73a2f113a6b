import { apiRoute } from "@/lib/api/handler";
import { clientIp } from "@/lib/request";
import { issueTokens } from "@/lib/services/api-tokens";
import { signInSchema } from "@/lib/validation/auth";

const bodySchema = signInSchema.pick({ email: true, password: true });

/** Bearer tokens for API callers: access token (1 h) and refresh token (30 days). */
export const POST = apiRoute({ roles: null, body: bodySchema, failure: "Failed to sign in" }, async ({ input, request }) =>
  issueTokens(input.email, input.password, clientIp(request.headers)),
);

