import { z } from "@/lib/platform/validation/zod";
import { apiRoute } from "@/lib/accounts/api-handler";
import { clientIp } from "@/lib/platform/request";
import { refreshTokens } from "@/lib/accounts/api-tokens";

const bodySchema = z.object({
  refresh_token: z.string({ error: "refresh_token is required" }).min(20, "refresh_token is invalid").max(200, "refresh_token is invalid"),
});

/** Rotates the refresh token; presenting a used one revokes its whole family. */
export const POST = apiRoute({ roles: null, body: bodySchema, failure: "Failed to refresh the token" }, async ({ input, request }) =>
  refreshTokens(input.refresh_token, clientIp(request.headers)),
);
