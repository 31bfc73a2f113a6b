// Cookie names and attributes, shared by next-auth, the proxy and the impersonation code.
// In production both cookies carry the `__Host-` prefix: the browser then accepts them only
// with Secure, Path=/ and no Domain, so a sibling subdomain can neither set nor shadow them.
// (Browsers accept Secure cookies on http://localhost too.)
const production = process.env.NODE_ENV === "production";
const prefix = production ? "__Host-" : "";

export const SESSION_COOKIE = `${prefix}k12.session-token`;
export const IMPERSONATION_COOKIE = `${prefix}k12.impersonation`;
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const IMPERSONATION_MAX_AGE_SECONDS = 8 * 60 * 60;

export const cookieOptions = (maxAge: number) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secure: production,
  maxAge,
});

/** Attributes that delete a cookie set with cookieOptions (the prefix rules apply to deletes too). */
export const expiredCookie = () => ({ ...cookieOptions(0), maxAge: 0 });
