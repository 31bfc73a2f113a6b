import "server-only";
import freeEmailDomains from "free-email-domains";
import disposableEmailDomains from "disposable-email-domains";
import { db } from "@/lib/platform/db";
import { matchDistrictByDomain, type DistrictCandidate } from "@/lib/districts/match-domain";
import { sharedHostOf, sharedHostPhrase } from "@/lib/districts/shared-hosts";
import {
  DOMAIN_HELD_MESSAGE,
  DOMAIN_REJECTED_MESSAGE,
  DOMAIN_REVIEW_MESSAGE,
  k12StateOf,
  looksLikeK12Domain,
  normalizeDomain,
  type DomainHold,
  type WorkDomainKind,
} from "@/lib/experts/work-email-rules";

// Whether a confirmed school e-mail's domain earns the "School e-mail verified" badge and which
// district it names: the one rule the confirmation, the admin's review lists, the rejection and
// the periodic re-review of existing badges all ask. A badge only for a domain that vouches for
// one open district; everything else waits for an admin.

const FREE = new Set<string>(freeEmailDomains);
const DISPOSABLE = new Set<string>(disposableEmailDomains);

/** The domain and each parent ("a.b.mailinator.com" → "b.mailinator.com", "mailinator.com"). */
function withParents(domain: string): string[] {
  const labels = domain.split(".");
  const out: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) out.push(labels.slice(i).join("."));
  return out;
}

/** A free-mail or disposable provider's domain (or one under it). */
export function isPersonalMailDomain(domain: string): boolean {
  return withParents(normalizeDomain(domain)).some((d) => FREE.has(d) || DISPOSABLE.has(d));
}

export type WorkDomainClass = {
  kind: WorkDomainKind;
  district?: { name: string; state: string };
  /** The admin's district domain the address falls under, with its LEAID when it names one. */
  listed?: { domain: string; leaid: string | null };
  state?: string;
};

/**
 * What a work e-mail's domain is by its name: a free-mail or disposable provider (refused), a
 * district an admin accepted (with its name and state), `*.k12.<state>.us`, a district-like
 * name, or unknown. Whether it earns the badge is `schoolDomainVerdict`'s answer.
 */
export async function classifyWorkDomain(rawDomain: string): Promise<WorkDomainClass> {
  const domain = normalizeDomain(rawDomain);
  const candidates = withParents(domain);
  if (candidates.some((d) => FREE.has(d))) return { kind: "free" };
  if (candidates.some((d) => DISPOSABLE.has(d))) return { kind: "disposable" };
  const listed = await db().districtDomain.findFirst({ where: { domain: { in: candidates } }, orderBy: { domain: "desc" } });
  if (listed)
    return {
      kind: "district_list",
      district: { name: listed.districtName, state: listed.state },
      listed: { domain: listed.domain, leaid: listed.leaid },
    };
  const state = k12StateOf(domain);
  if (state) return { kind: "k12", state };
  return { kind: looksLikeK12Domain(domain) ? "district_like" : "unknown" };
}

export type VerdictDistrict = { leaid: string; name: string; state: string };

export type SchoolDomainVerdict =
  | {
      badge: true;
      /** The district the address names, or null (a k12.<st>.us school no website on file uses, an admin's domain with no LEAID). */
      district: VerdictDistrict | null;
      /** On the admin's district list: the admin vouched for it. */
      listed: boolean;
      kind: WorkDomainKind;
    }
  | {
      badge: false;
      hold: DomainHold | "rejected";
      /** The reason in words ("sampleriver.org is the website domain of several school districts …"), empty for unknown and rejected. */
      why: string;
      /** The directory's districts on the domain, for the admin to pick from. */
      candidates: DistrictCandidate[];
      kind: WorkDomainKind;
    };

/**
 * The badge rule, in order: the admin's district list (with its LEAID, if any) earns it; a domain
 * the admin rejected does not; a shared government, university or hosting host does not
 * (lib/districts/shared-hosts.ts); then the district directory: one open district's website
 * earns it and names that district, several open districts or only closed ones do not; a
 * `*.k12.<st>.us` school no website on file uses earns it with no district; anything else waits.
 */
export async function schoolDomainVerdict(rawDomain: string): Promise<SchoolDomainVerdict> {
  const domain = normalizeDomain(rawDomain);
  const classified = await classifyWorkDomain(domain);
  const kind = classified.kind;
  if (classified.listed) {
    const leaid = classified.listed.leaid;
    const district = leaid ? await db().district.findUnique({ where: { leaid }, select: { leaid: true, name: true, state: true } }) : null;
    return { badge: true, district, listed: true, kind };
  }
  if (kind === "free" || kind === "disposable") return { badge: false, hold: "unknown", why: "", candidates: [], kind };
  const match = await matchDistrictByDomain(domain);
  const candidates = match.kind === "unique" ? [match.district] : match.kind === "none" ? [] : match.candidates;
  if (await db().rejectedWorkDomain.findUnique({ where: { domain }, select: { domain: true } }))
    return { badge: false, hold: "rejected", why: "", candidates, kind };
  const shared = sharedHostOf(domain);
  if (shared) return { badge: false, hold: "shared_host", why: sharedHostPhrase(shared), candidates, kind };
  switch (match.kind) {
    case "unique":
      return {
        badge: true,
        district: { leaid: match.district.leaid, name: match.district.name, state: match.district.state },
        listed: false,
        kind,
      };
    case "ambiguous":
      return {
        badge: false,
        hold: "several_districts",
        why: `${domain} is the website domain of ${match.candidates.length} school districts, so it does not show which one is yours`,
        candidates,
        kind,
      };
    case "closed":
      return {
        badge: false,
        hold: "closed_district",
        why: `${domain} belongs to a school district that the federal directory no longer lists as open, and a closed district's domain may have passed to someone else`,
        candidates,
        kind,
      };
    case "none":
      if (kind === "k12") return { badge: true, district: null, listed: false, kind };
      return { badge: false, hold: "unknown", why: "", candidates, kind };
  }
}

/** What the expert reads while their domain waits (or after it was rejected). */
export function heldMessage(verdict: Extract<SchoolDomainVerdict, { badge: false }>, domain: string): string {
  if (verdict.hold === "rejected") return DOMAIN_REJECTED_MESSAGE(domain);
  if (verdict.hold === "unknown") return DOMAIN_REVIEW_MESSAGE(domain);
  return DOMAIN_HELD_MESSAGE(verdict.why);
}
