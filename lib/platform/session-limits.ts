// How long a session lives. Named constants; lib/platform/env.ts reads the overrides (docs/configuration.md).

/** A session unused for this long ends (SESSION_IDLE_HOURS). */
export const SESSION_IDLE_HOURS = 12;
/** A session ends this long after sign-in whatever the activity (SESSION_ABSOLUTE_DAYS). */
export const SESSION_ABSOLUTE_DAYS = 30;
/** Money actions (payout details, cash out) need the password entered this recently (REAUTH_MINUTES). */
export const REAUTH_MINUTES = 10;
