// The school-year arithmetic and the badge a verified work e-mail earns. Pure (no server-only):
// the service, the directory and the tests share it.
import { dayIn } from "@/lib/platform/zoned-time";

/** Local month (1-12) and the school year's starting year: July 1 onwards belongs to that year's school year. */
function localCalendar(at: Date, timeZone: string) {
  const day = dayIn(at, timeZone);
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return { year, month, schoolYear: month >= 7 ? year : year - 1 };
}

/** The school year (by its starting year: 2026 = 2026–27) that `at` falls in, in `timeZone`. */
export function schoolYearOf(at: Date, timeZone: string): number {
  return localCalendar(at, timeZone).schoolYear;
}

/** "2026–27". */
export function schoolYearLabel(startYear: number): string {
  return `${startYear}–${String((startYear + 1) % 100).padStart(2, "0")}`;
}

export type WorkEmailState = "verified" | "reconfirm" | "lapsed" | "none";

export type WorkEmailFacts = {
  workEmailVerifiedAt: Date | null;
  workEmailSchoolYear: number | null;
  timeZone: string;
};

/**
 * Where the expert's confirmation stands at `now`, in their zone: "verified" for this school
 * year; "reconfirm" from July 1 to September 30 of a new school year (the badge stays, with a
 * nudge); "lapsed" after September 30 without re-confirmation; "none" if never confirmed.
 */
export function workEmailState(facts: WorkEmailFacts, now: Date): WorkEmailState {
  if (!facts.workEmailVerifiedAt || facts.workEmailSchoolYear == null) return "none";
  const { month, schoolYear } = localCalendar(now, facts.timeZone);
  if (facts.workEmailSchoolYear >= schoolYear) return "verified";
  // July (7) to September (9) of the school year right after the confirmed one.
  if (facts.workEmailSchoolYear === schoolYear - 1 && month >= 7 && month <= 9) return "reconfirm";
  return "lapsed";
}

export type WorkEmailBadge = { state: "verified" | "reconfirm"; label: string };

/** The badge clients and admins see, or null. Never carries the address. */
export function workEmailBadge(facts: WorkEmailFacts, now: Date): WorkEmailBadge | null {
  const state = workEmailState(facts, now);
  if (state !== "verified" && state !== "reconfirm") return null;
  const label = `School e-mail verified (${schoolYearLabel(facts.workEmailSchoolYear!)})`;
  return { state, label: state === "reconfirm" ? `${label}: re-confirm` : label };
}

/**
 * free and disposable are refused; district_list (the admin's list) and k12 (`*.k12.<state>.us`)
 * are known school or district domains; district_like (a name such as "springfieldschools.org")
 * and unknown are not known yet: an address there is confirmed but waits for an admin's review.
 */
export type WorkDomainKind = "free" | "disposable" | "k12" | "district_list" | "district_like" | "unknown";

/**
 * Why a confirmed address waits for the admin's review instead of earning the badge: its domain is
 * unknown, or the district directory cannot vouch for it (several districts use it, only a closed
 * one does, or it is a shared government, university or hosting host: lib/districts/shared-hosts.ts).
 */
export type DomainHold = "unknown" | "several_districts" | "closed_district" | "shared_host";

/** What the expert is told while their domain waits for review, and after it was refused. */
export const DOMAIN_REVIEW_MESSAGE = (domain: string) =>
  `Your address is confirmed, but ${domain} is not on our list of school and district domains yet. An admin will review it; the "School e-mail verified" badge appears once the domain is accepted.`;
/** The expert's message while a domain the directory cannot vouch for waits for review; `why` is the verdict's reason. */
export const DOMAIN_HELD_MESSAGE = (why: string) =>
  `Your address is confirmed, but ${why}. An admin will review it; the "School e-mail verified" badge appears once an admin accepts it.`;
export const DOMAIN_REJECTED_MESSAGE = (domain: string) =>
  `Your address is confirmed, but an admin could not accept ${domain} as a school or district domain, so it earns no badge. Use the address your school or district gave you.`;

/** Lowercase, no trailing dot, no leading "www.". */
export function normalizeDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
}

/** "springfield.k12.il.us" → "IL". */
export function k12StateOf(domain: string): string | null {
  const m = /(?:^|\.)k12\.([a-z]{2})\.us$/.exec(domain);
  return m ? m[1].toUpperCase() : null;
}

// Labels school districts name their domains with: "springfieldpublicschools", "austinisd",
// "lausd", "psd1", "dallasschools", "k12", "district". Conservative: a domain that only looks
// like a district is still shown to the admin as a pattern match, not as a known district.
const DISTRICT_LABEL = /(schools?|district|k12|isd|usd|cusd|sd\d*)$|^(sd|isd|usd)\d*$|schools|district/;
const DISTRICT_TLDS = new Set(["org", "net", "us", "gov", "edu"]);

/** True for `*.k12.<state>.us` and district-like names under .org/.net/.us/.gov/.edu. */
export function looksLikeK12Domain(domain: string): boolean {
  if (k12StateOf(domain)) return true;
  const labels = domain.split(".");
  if (labels.length < 2 || !DISTRICT_TLDS.has(labels[labels.length - 1])) return false;
  return labels.slice(0, -1).some((label) => DISTRICT_LABEL.test(label));
}
