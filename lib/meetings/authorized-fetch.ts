import { fetchWithRetries, readJson, type RetryOptions } from "@/lib/platform/http-retry";
import { MeetingProviderError } from "@/lib/meetings/provider";

// Zoom and Microsoft Graph both hand out short-lived bearer tokens for an app's own credentials
// (OAuth client credentials). The token is kept until shortly before it expires; a 401 means it
// was revoked or expired early, so it is fetched again once and the request repeated. Rate limits
// and 5xx answers are retried by fetchWithRetries, honouring Retry-After.

export type TokenAnswer = { token: string; expiresInSeconds: number };

/** `once`: a single try (a 429, 5xx or network failure is then a retryable MeetingProviderError for the caller to handle). */
export type AuthorizedFetch = (url: string, init?: RequestInit, once?: boolean) => Promise<Response>;

export function authorizedFetch(provider: string, getToken: () => Promise<TokenAnswer>, retry: RetryOptions = {}): AuthorizedFetch {
  let cached: { token: string; until: number } | null = null;
  const token = async (fresh: boolean) => {
    if (!fresh && cached && cached.until > Date.now()) return cached.token;
    const answer = await getToken();
    // A minute's margin, so a token is never sent in its last seconds.
    cached = { token: answer.token, until: Date.now() + Math.max(0, answer.expiresInSeconds - 60) * 1000 };
    return cached.token;
  };
  return async (url, init = {}, once = false) => {
    for (const fresh of [false, true]) {
      const headers = new Headers(init.headers);
      headers.set("authorization", `Bearer ${await token(fresh)}`);
      const answer = await fetchWithRetries(url, { ...init, headers }, once ? { ...retry, attempts: 1 } : retry);
      if ("problem" in answer)
        throw new MeetingProviderError(
          `${provider} ${answer.problem} after ${answer.attempts} ${answer.attempts === 1 ? "try" : "tries"}`,
          true,
          answer.retryAfterMs,
        );
      if (answer.res.status !== 401 || fresh) return answer.res;
      await answer.res.text().catch(() => "");
    }
    throw new Error("unreachable");
  };
}

/** A token endpoint's answer ({ access_token, expires_in }), or a MeetingProviderError in words. */
export async function tokenFrom(provider: string, url: string, init: RequestInit, retry: RetryOptions): Promise<TokenAnswer> {
  const answer = await fetchWithRetries(url, init, retry);
  if ("problem" in answer) throw new MeetingProviderError(`${provider}'s sign-in ${answer.problem}`, true);
  const body = await readJson<{ access_token?: string; expires_in?: number; error?: string; reason?: string }>(answer.res);
  if (!answer.res.ok || !body?.access_token)
    throw new MeetingProviderError(
      `${provider} refused the app's credentials (HTTP ${answer.res.status}${body?.error ? `: ${body.error}` : ""}). Check the ${provider} settings.`,
      false,
    );
  return { token: body.access_token, expiresInSeconds: body.expires_in ?? 3600 };
}

/** A refusal that asking again will not fix, in words with the provider's own message. */
export async function refusal(provider: string, res: Response, doing: string): Promise<MeetingProviderError> {
  const body = await readJson<{ message?: string; error?: { message?: string } }>(res);
  const said = body?.message ?? body?.error?.message ?? "";
  return new MeetingProviderError(`${provider} refused ${doing} (HTTP ${res.status})${said ? `: ${said}` : ""}`, false);
}
