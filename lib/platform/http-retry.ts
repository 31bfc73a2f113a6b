// Calling a provider's HTTP API (payments, meetings, text messages): a rate limit, a 5xx or a dropped connection is tried again
// with doubling waits (or the provider's Retry-After); anything else is the provider's answer.
// Every caller sends an idempotency key, so a retried request that did reach them acts once.

export type RetryOptions = {
  /** Tries in all (default 4). */
  attempts?: number;
  /** First backoff in ms, doubled each retry (default 500). */
  baseDelayMs?: number;
  /** Longest wait between tries, also for a Retry-After header (default 10 s). */
  maxDelayMs?: number;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

const retryable = (status: number) => status === 429 || status >= 500;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds (or an HTTP date) from Retry-After, as ms; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export async function readJson<T>(res: Response): Promise<T | null> {
  try {
    return (await res.json()) as T;
  } catch {
    return null;
  }
}

export const reachFailure = (e: unknown) => `could not be reached (${e instanceof Error ? e.message : String(e)})`;

/**
 * The provider's answer (any status that is not worth retrying), or, after every try failed,
 * what went wrong last ("answered HTTP 503", "could not be reached (…)").
 */
export async function fetchWithRetries(
  url: string,
  init: RequestInit,
  options: RetryOptions = {},
): Promise<{ res: Response } | { problem: string; attempts: number; retryAfterMs: number | null }> {
  const attempts = options.attempts ?? 4;
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 10_000;
  const sleep = options.sleep ?? defaultSleep;
  let problem = "";
  let lastRetryAfter: number | null = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
    } catch (e) {
      problem = reachFailure(e);
      if (attempt < attempts) await sleep(Math.min(maxDelay, baseDelay * 2 ** (attempt - 1)));
      continue;
    }
    if (!retryable(res.status)) return { res };
    problem = `answered HTTP ${res.status}`;
    lastRetryAfter = retryAfterMs(res.headers.get("retry-after"));
    await res.text().catch(() => "");
    if (attempt < attempts) await sleep(Math.min(maxDelay, lastRetryAfter ?? baseDelay * 2 ** (attempt - 1)));
  }
  return { problem, attempts, retryAfterMs: lastRetryAfter };
}
