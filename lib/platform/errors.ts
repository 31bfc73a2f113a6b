/**
 * The one error type services throw. Only the API wrapper and the action helper turn it
 * into HTTP statuses or form messages; services never know about HTTP.
 */
export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "THROTTLED"
  | "UNAVAILABLE"
  /** The password must be entered again first (money actions); forms then ask for it. */
  | "REAUTH_REQUIRED";

const STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  THROTTLED: 429,
  UNAVAILABLE: 503,
  REAUTH_REQUIRED: 403,
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors?: Record<string, string[]>;
  /** THROTTLED only: seconds until the limit lets the caller in again (the Retry-After header). */
  retryAfterSeconds?: number;
  constructor(code: AppErrorCode, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
  get status() {
    return STATUS[this.code];
  }
}

/** A 429 with its Retry-After. */
export function throttledError(message: string, retryAfterSeconds: number): AppError {
  const error = new AppError("THROTTLED", message);
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

/** "in 1 minute", "in 15 minutes", "in 2 hours": the wait a throttled person reads. */
export function waitPhrase(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
