import { apiRoute } from "@/lib/accounts/api-handler";
import { receiveSurveyCallback, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "@/lib/engagements/survey-callback";

/**
 * POST /api/surveys/{projectId}/callback — the client's survey tool only, when the client turned
 * the completion callback on: `X-K12-Timestamp` (Unix seconds) and `X-K12-Signature`
 * (`sha256=` + HMAC-SHA256 of "timestamp.body" under the project's secret) over the raw body
 * `{"participant_id": "…", "end": "complete" | "screened-out" | "over-quota"}`.
 * 401 on a bad signature or a timestamp outside the window, 404 when the survey takes no reports
 * or has no such participant, 409 when the place already ended another way.
 */
export const POST = apiRoute({ roles: null, failure: "Failed to record the survey's report." }, async ({ request, params }) =>
  receiveSurveyCallback(params.projectId ?? "", await request.text(), {
    timestamp: request.headers.get(TIMESTAMP_HEADER),
    signature: request.headers.get(SIGNATURE_HEADER),
  }),
);
