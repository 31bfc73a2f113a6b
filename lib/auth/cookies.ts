// Cookie names and attributes, shared by next-auth, the proxy and the impersonation code.
// Secure in production (browsers accept Secure cookies on http://localhost too).
export const SESSION_COOKIE = "k12.session-token";
export const IMPERSONATION_COOKIE = "k12.impersonation";
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const IMPERSONATION_MAX_AGE_SECONDS = 8 * 60 * 60;

export const cookieOptions = (maxAge: number) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secure: process.env.NODE_ENV === "production",
  maxAge,
});
