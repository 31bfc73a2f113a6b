// Date maths shared by the dashboard, the wallet and the seed.

const DAY_MS = 86_400_000;

/** Week of the year counted from 1 January (days 1-7 are week 1), as 001 §7 selects surveys. */
export function weekOfYear(date: Date = new Date()): number {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  const today = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return Math.floor((today - start) / DAY_MS / 7) + 1;
}

/** The next Friday after `date` (a Friday gives the following one): the estimated payout date. */
export function nextFriday(date: Date = new Date()): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const add = ((5 - d.getUTCDay() + 7) % 7) || 7;
  return new Date(d.getTime() + add * DAY_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** A calendar date (no time) as UTC midnight, the way DATE columns come back. */
export function utcDate(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}


/** `days` business days (Monday to Friday, UTC) after `date`, at the same time of day. */
export function addBusinessDays(date: Date, days: number): Date {
  let d = date;
  for (let left = days; left > 0; ) {
    d = addDays(d, 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return d;
}
