import "server-only";
import { claimOfficerInvites } from "@/lib/experts/officer-invites";
import { z } from "@/lib/platform/validation/zod";
import { db, type Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { AppError, throttledError, waitPhrase } from "@/lib/platform/errors";
import { can, requirePermission } from "@/lib/accounts/permissions";
import type { Actor } from "@/lib/accounts/actor";
import { hashToken, newToken } from "@/lib/accounts/tokens";
import { queueMail } from "@/lib/platform/mail/queue";
import { WORK_EMAIL_TTL_HOURS, workEmailMail } from "@/lib/experts/work-email-mail";
import { districtDomainSchema, type DistrictDomainInput } from "@/lib/experts/schemas/work-email";
import { namesResemble } from "@/lib/experts/name-match";
import {
  districtBadgeOf,
  districtBadgeSelect,
  districtCandidatesFor,
  type DistrictBadge,
  type StateDistricts,
} from "@/lib/experts/district-link";
import type { DistrictCandidate } from "@/lib/districts/match-domain";
import { matchDistrictByDomain } from "@/lib/districts/match-domain";
import { classifyWorkDomain, heldMessage, isPersonalMailDomain, schoolDomainVerdict } from "@/lib/experts/work-email-verdict";
import {
  DOMAIN_REVIEW_MESSAGE,
  normalizeDomain,
  schoolYearLabel,
  schoolYearOf,
  workEmailBadge,
  workEmailState,
  type DomainHold,
  type WorkDomainKind,
  type WorkEmailBadge,
} from "@/lib/experts/work-email-rules";

export { classifyWorkDomain, type WorkDomainClass } from "@/lib/experts/work-email-verdict";

// An expert's school or district e-mail, confirmed by a single-use link and
// re-confirmed each school year. The address itself is never shown to anyone but its owner
// and admins; clients see only the badge.

/** The July 1 re-confirmation link lasts the whole re-confirm window (to September 30): school inboxes are quiet in summer. */
export const WORK_EMAIL_RECONFIRM_TTL_DAYS = 92;
/** Links per expert per hour (new address or resend). Counted from the token rows themselves. */
export const WORK_EMAIL_REQUESTS_PER_HOUR = 5;

export const REFUSED_DOMAIN_MESSAGE =
  "Use the e-mail address your school or district gave you; personal and disposable addresses can't be verified.";
const INVALID_LINK = "This confirmation link is invalid, already used or has expired. Request a new one from your settings.";

const workEmailSchema = z.email({ message: "Enter a valid e-mail address." }).max(254);

function domainOf(email: string) {
  return email.slice(email.lastIndexOf("@") + 1);
}

async function expertOf(actor: Actor) {
  requirePermission(actor, "update:expert:own");
  const expert = await db().expert.findUnique({
    where: { userId: actor.userId },
    select: {
      id: true,
      userId: true,
      timeZone: true,
      workEmail: true,
      workEmailDomain: true,
      workEmailConfirmedAt: true,
      workEmailVerifiedAt: true,
      workEmailSchoolYear: true,
      user: { select: { firstName: true } },
    },
  });
  if (!expert) throw new AppError("NOT_FOUND", "Expert profile not found.");
  return expert;
}

/** Stores a hashed single-use token for `email` and queues its link in the same transaction. */
async function issueLink(tx: Tx, userId: string, firstName: string, email: string, now: Date, reconfirm: boolean, schoolYear: number) {
  const { token, tokenHash } = newToken();
  // Only the newest link works: an older one may sit in an inbox the expert no longer uses.
  await tx.oneTimeToken.updateMany({ where: { userId, purpose: "work_email_verification", usedAt: null }, data: { usedAt: now } });
  await tx.oneTimeToken.create({
    data: {
      userId,
      purpose: "work_email_verification",
      tokenHash,
      email,
      expiresAt: new Date(now.getTime() + (reconfirm ? WORK_EMAIL_RECONFIRM_TTL_DAYS * 24 : WORK_EMAIL_TTL_HOURS) * 3_600_000),
      createdAt: now,
    },
  });
  const link = `${env().APP_URL}/verify-work-email?token=${encodeURIComponent(token)}`;
  await queueMail({ to: email, ...workEmailMail(firstName, link, reconfirm, schoolYear) }, tx);
}

/**
 * Refuses free-mail and disposable domains, then mails a confirmation link to the address.
 * The address is stored on the expert only once the link is followed.
 */
export async function requestWorkEmail(actor: Actor, rawEmail: string, now: Date = new Date()) {
  const parsed = workEmailSchema.safeParse(rawEmail.trim().toLowerCase());
  if (!parsed.success) throw new AppError("BAD_REQUEST", "Enter a valid e-mail address.", { workEmail: ["Enter a valid e-mail address."] });
  const email = parsed.data;
  const expert = await expertOf(actor);
  const classified = await classifyWorkDomain(domainOf(email));
  if (classified.kind === "free" || classified.kind === "disposable") {
    throw new AppError("BAD_REQUEST", REFUSED_DOMAIN_MESSAGE, { workEmail: [REFUSED_DOMAIN_MESSAGE] });
  }
  const since = new Date(now.getTime() - 3_600_000);
  const recent = await db().oneTimeToken.findMany({
    where: { userId: expert.userId, purpose: "work_email_verification", createdAt: { gt: since } },
    select: { createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  if (recent.length >= WORK_EMAIL_REQUESTS_PER_HOUR) {
    const wait = (recent[0].createdAt.getTime() + 3_600_000 - now.getTime()) / 1000;
    throw throttledError(`Too many confirmation e-mails requested. Try again in ${waitPhrase(wait)}.`, wait);
  }
  await db().$transaction((tx) =>
    issueLink(tx, expert.userId, expert.user.firstName, email, now, false, schoolYearOf(now, expert.timeZone)),
  );
  return { email, kind: classified.kind };
}

/**
 * Follows the link: stores the confirmed address for the school year `now` falls in (expert's
 * zone) and uses up the token. The badge comes with it only on a known school or district
 * domain; on another the address waits for an admin's review of its domain (`review`).
 */
export async function confirmWorkEmail(token: string, now: Date = new Date()) {
  if (!token) throw new AppError("BAD_REQUEST", INVALID_LINK);
  const row = await db().oneTimeToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.purpose !== "work_email_verification" || !row.email || row.usedAt || row.expiresAt <= now)
    throw new AppError("BAD_REQUEST", INVALID_LINK);
  const email = row.email;
  const domain = normalizeDomain(domainOf(email));
  const verdict = await schoolDomainVerdict(domain);
  const known = verdict.badge;
  const district = verdict.badge ? verdict.district : null;
  return db().$transaction(async (tx) => {
    const claimed = await tx.oneTimeToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (claimed.count !== 1) throw new AppError("BAD_REQUEST", INVALID_LINK);
    const expert = await tx.expert.findUnique({ where: { userId: row.userId }, select: { id: true, timeZone: true } });
    if (!expert) throw new AppError("BAD_REQUEST", INVALID_LINK);
    const schoolYear = schoolYearOf(now, expert.timeZone);
    await tx.expert.update({
      where: { id: expert.id },
      data: {
        workEmail: email,
        workEmailDomain: domain,
        workEmailConfirmedAt: now,
        workEmailVerifiedAt: known ? now : null,
        workEmailSchoolYear: schoolYear,
        // A new address names its own district (or none yet): the old link goes with the old address.
        districtLeaid: district?.leaid ?? null,
        districtLinkedById: null,
      },
    });
    // A colleague's invitation to the district's research office becomes the grant now.
    if (district && known) await claimOfficerInvites(tx, row.userId, district.leaid, now);
    return {
      email,
      domain,
      expertId: expert.id,
      district: district ? { name: district.name, state: district.state } : null,
      schoolYear,
      schoolYearLabel: schoolYearLabel(schoolYear),
      review: verdict.badge ? null : heldMessage(verdict, domain),
    };
  });
}

/** The expert's own view: the confirmed address, its badge (or why its domain has none yet), and any link still waiting. */
export async function getOwnWorkEmail(actor: Actor, now: Date = new Date()) {
  const expert = await expertOf(actor);
  const awaiting = expert.workEmailDomain && expert.workEmailConfirmedAt && !expert.workEmailVerifiedAt ? expert.workEmailDomain : null;
  const verdict = awaiting ? await schoolDomainVerdict(awaiting) : null;
  const pending = await db().oneTimeToken.findFirst({
    where: { userId: expert.userId, purpose: "work_email_verification", usedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
    select: { email: true, createdAt: true },
  });
  const facts = {
    workEmailVerifiedAt: expert.workEmailVerifiedAt,
    workEmailSchoolYear: expert.workEmailSchoolYear,
    timeZone: expert.timeZone,
  };
  return {
    workEmail: expert.workEmail,
    verifiedAt: expert.workEmailVerifiedAt,
    state: workEmailState(facts, now),
    badge: workEmailBadge(facts, now),
    pendingEmail: pending?.email ?? null,
    /** Why a confirmed address has no badge: its domain waits for review, or was refused. */
    domainReview:
      awaiting && verdict
        ? {
            state: !verdict.badge && verdict.hold === "rejected" ? ("rejected" as const) : ("pending" as const),
            // A domain accepted since is granted by the accept itself; until then it reads as waiting.
            message: verdict.badge ? DOMAIN_REVIEW_MESSAGE(awaiting) : heldMessage(verdict, awaiting),
          }
        : null,
  };
}

/** Badges for experts (by id), for clients and admins. Never returns an address. */
export async function workEmailBadgesFor(expertIds: string[], now: Date = new Date()): Promise<Map<string, WorkEmailBadge>> {
  if (expertIds.length === 0) return new Map();
  const rows = await db().expert.findMany({
    where: { id: { in: expertIds }, workEmailVerifiedAt: { not: null } },
    select: { id: true, workEmailVerifiedAt: true, workEmailSchoolYear: true, timeZone: true },
  });
  const out = new Map<string, WorkEmailBadge>();
  for (const r of rows) {
    const badge = workEmailBadge(r, now);
    if (badge) out.set(r.id, badge);
  }
  return out;
}

/** The latest school year any zone on earth has reached at `now` (Kiritimati is UTC+14). */
const latestSchoolYear = (now: Date) => schoolYearOf(now, "Pacific/Kiritimati");

/**
 * The July 1 job (daily): every expert with a confirmed work e-mail whose zone has reached a
 * school year newer than the confirmed one, and who was not asked yet this school year, gets
 * a fresh link and `workEmailReconfirmRequestedAt`. Returns how many were asked.
 */
export async function requestWorkEmailReconfirmations(now: Date = new Date()): Promise<number> {
  const candidates = await db().expert.findMany({
    where: { workEmailVerifiedAt: { not: null }, workEmail: { not: null }, workEmailSchoolYear: { lt: latestSchoolYear(now) } },
    select: {
      id: true,
      userId: true,
      timeZone: true,
      workEmail: true,
      workEmailSchoolYear: true,
      workEmailReconfirmRequestedAt: true,
      user: { select: { firstName: true } },
    },
  });
  let asked = 0;
  for (const e of candidates) {
    const current = schoolYearOf(now, e.timeZone);
    if (e.workEmailSchoolYear! >= current) continue;
    if (e.workEmailReconfirmRequestedAt && schoolYearOf(e.workEmailReconfirmRequestedAt, e.timeZone) >= current) continue;
    await db().$transaction(async (tx) => {
      // Claimed in the same write, so two runs of the job cannot both mail the expert.
      const claimed = await tx.expert.updateMany({
        where: { id: e.id, workEmailReconfirmRequestedAt: e.workEmailReconfirmRequestedAt },
        data: { workEmailReconfirmRequestedAt: now },
      });
      if (claimed.count !== 1) return;
      await issueLink(tx, e.userId, e.user.firstName, e.workEmail!, now, true, current);
      asked++;
    });
  }
  return asked;
}

/** Admin: experts whose confirmation lapsed (no re-confirmation by September 30). */
export async function listLapsedWorkEmails(actor: Actor, now: Date = new Date()) {
  requirePermission(actor, "review:expert:any");
  const rows = await db().expert.findMany({
    where: { workEmailVerifiedAt: { not: null }, workEmailSchoolYear: { lt: latestSchoolYear(now) } },
    select: {
      id: true,
      workEmailDomain: true,
      workEmailVerifiedAt: true,
      workEmailSchoolYear: true,
      workEmailReconfirmRequestedAt: true,
      timeZone: true,
      organizationName: true,
      state: true,
      user: { select: { firstName: true, lastName: true } },
    },
    orderBy: { workEmailVerifiedAt: "asc" },
  });
  return rows
    .filter((r) => workEmailState(r, now) === "lapsed")
    .map((r) => ({
      expertId: r.id,
      name: `${r.user.firstName} ${r.user.lastName}`.trim(),
      domain: r.workEmailDomain,
      verifiedAt: r.workEmailVerifiedAt!,
      schoolYearLabel: schoolYearLabel(r.workEmailSchoolYear!),
      reconfirmRequestedAt: r.workEmailReconfirmRequestedAt,
      organizationName: r.organizationName,
      state: r.state,
    }));
}

/** Admin review: the evidence behind the work e-mail, with mismatches called out. Never the address for others. */
export async function getWorkEmailEvidence(actor: Actor, expertId: string, now: Date = new Date()) {
  requirePermission(actor, "review:expert:any");
  const e = await db().expert.findUnique({
    where: { id: expertId },
    select: {
      workEmailDomain: true,
      workEmailConfirmedAt: true,
      workEmailVerifiedAt: true,
      workEmailSchoolYear: true,
      workEmailReconfirmRequestedAt: true,
      timeZone: true,
      organizationName: true,
      state: true,
      linkedinUrl: true,
    },
  });
  if (!e) throw new AppError("NOT_FOUND", "Expert not found.");
  const classified = e.workEmailDomain ? await classifyWorkDomain(e.workEmailDomain) : null;
  const verdict = e.workEmailDomain && !e.workEmailVerifiedAt ? await schoolDomainVerdict(e.workEmailDomain) : null;
  const districtState = classified?.district?.state ?? classified?.state ?? null;
  const stateMismatch = !!(districtState && e.state && districtState.toUpperCase() !== e.state.toUpperCase());
  const nameMismatch = !!(classified?.district && e.organizationName && !namesResemble(classified.district.name, e.organizationName));
  return {
    domain: e.workEmailDomain,
    verifiedAt: e.workEmailVerifiedAt,
    schoolYearLabel: e.workEmailSchoolYear != null ? schoolYearLabel(e.workEmailSchoolYear) : null,
    reconfirmRequestedAt: e.workEmailReconfirmRequestedAt,
    state: workEmailState(e, now),
    /** Confirmed by link on a domain not known as a school or district: it waits for an admin to accept the domain. */
    awaitingReview: Boolean(e.workEmailConfirmedAt && !e.workEmailVerifiedAt),
    heldBecause: verdict && !verdict.badge && verdict.why ? verdict.why : null,
    confirmedAt: e.workEmailConfirmedAt,
    kind: classified?.kind ?? null,
    district: classified?.district ?? null,
    districtState,
    linkedinUrl: e.linkedinUrl,
    organizationName: e.organizationName,
    profileState: e.state,
    stateMismatch,
    nameMismatch,
  };
}

/**
 * Admin: "accept <domain> as <district>, <state>". Re-accepting a domain updates its name and
 * state. Everyone who confirmed an address on the domain (or under it) while it waited for
 * review gets the badge for the school year they confirmed it in, in the same transaction.
 */
export async function addDistrictDomain(actor: Actor, input: DistrictDomainInput) {
  requirePermission(actor, "review:expert:any");
  const parsed = districtDomainSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
    throw new AppError("BAD_REQUEST", "Check the highlighted fields.", fieldErrors);
  }
  const { domain, districtName, state } = parsed.data;
  if (isPersonalMailDomain(domain))
    throw new AppError("BAD_REQUEST", "A free-mail or disposable domain can't be a district domain.", {
      domain: ["Not a district domain."],
    });
  // The district it names: the admin's pick, else the one district whose website uses the domain.
  let leaid: string | null = parsed.data.leaid ?? null;
  if (leaid) {
    if (!(await db().district.findUnique({ where: { leaid }, select: { leaid: true } })))
      throw new AppError("NOT_FOUND", `No district with LEAID ${leaid} is on file.`, {
        leaid: ["No district with this LEAID is on file."],
      });
  } else {
    const match = await matchDistrictByDomain(domain);
    leaid = match.kind === "unique" ? match.district.leaid : null;
  }
  return db().$transaction(async (tx) => {
    const row = await tx.districtDomain.upsert({
      where: { domain },
      create: { domain, districtName, state, leaid, addedById: actor.realUserId },
      update: { districtName, state, leaid, addedById: actor.realUserId },
    });
    await tx.rejectedWorkDomain.deleteMany({ where: { domain } });
    const granted = await tx.$executeRaw`
      UPDATE experts SET work_email_verified_at = work_email_confirmed_at, updated_at = now()
      WHERE work_email_confirmed_at IS NOT NULL AND work_email_verified_at IS NULL
        AND (work_email_domain = ${domain} OR right(work_email_domain, ${domain.length + 1}) = ${`.${domain}`})`;
    // Addresses on it name its district now, unless one already names its own (a school's subdomain).
    const linked = leaid
      ? await tx.$executeRaw`
          UPDATE experts SET district_leaid = ${leaid}, updated_at = now()
          WHERE work_email_confirmed_at IS NOT NULL AND district_leaid IS NULL
            AND (work_email_domain = ${domain} OR right(work_email_domain, ${domain.length + 1}) = ${`.${domain}`})`
      : 0;
    return { ...row, granted, linked };
  });
}

/** Confirmed addresses whose domain is not known as a school or district, by domain: the admin's review list. */
export async function listWorkDomainsForReview(actor: Actor) {
  requirePermission(actor, "review:expert:any");
  const rows = await db().expert.findMany({
    where: { workEmailConfirmedAt: { not: null }, workEmailVerifiedAt: null, workEmailDomain: { not: null } },
    select: {
      id: true,
      workEmailDomain: true,
      workEmailConfirmedAt: true,
      organizationName: true,
      state: true,
      user: { select: { firstName: true, lastName: true } },
    },
    orderBy: [{ workEmailConfirmedAt: "asc" }, { id: "asc" }],
    take: 1_000,
  });
  type Group = {
    domain: string;
    kind: WorkDomainKind;
    /** Why it waits: unknown, several districts, a closed district, or a shared host (with `why` in words). */
    hold: DomainHold;
    why: string;
    firstConfirmedAt: Date;
    experts: { expertId: string; name: string; organizationName: string | null; state: string | null }[];
  };
  const byDomain = new Map<string, Group | null>();
  for (const r of rows) {
    const domain = r.workEmailDomain!;
    let group = byDomain.get(domain);
    if (group === undefined) {
      const verdict = await schoolDomainVerdict(domain);
      // Rejected domains leave the list; a domain accepted since (or a parent of it) is no longer
      // waiting: the accept granted its badges. One the directory has come to vouch for still
      // waits for the admin to pick its district (it is among the candidates).
      if (verdict.badge)
        group =
          verdict.listed || verdict.kind === "k12"
            ? null
            : { domain, kind: verdict.kind, hold: "unknown", why: "", firstConfirmedAt: r.workEmailConfirmedAt!, experts: [] };
      else if (verdict.hold === "rejected") group = null;
      else
        group = {
          domain,
          kind: verdict.kind,
          hold: verdict.hold,
          why: verdict.why,
          firstConfirmedAt: r.workEmailConfirmedAt!,
          experts: [],
        };
      byDomain.set(domain, group);
    }
    group?.experts.push({
      expertId: r.id,
      name: `${r.user.firstName} ${r.user.lastName}`.trim(),
      organizationName: r.organizationName,
      state: r.state,
    });
  }
  const waiting = [...byDomain.values()].filter((g): g is Group => g !== null);
  const byState: StateDistricts = new Map();
  const out: (Group & { candidates: DistrictCandidate[] })[] = [];
  for (const g of waiting) out.push({ ...g, candidates: await districtCandidatesFor(g.domain, g.experts, byState) });
  return out;
}

export type WorkDomainReview = Awaited<ReturnType<typeof listWorkDomainsForReview>>[number];

/** Admin: the domain is not a school or district. Its addresses keep no badge and leave the review list; accepting it later undoes this. */
export async function rejectWorkDomain(actor: Actor, rawDomain: string) {
  requirePermission(actor, "review:expert:any");
  const parsed = districtDomainSchema.shape.domain.safeParse(rawDomain);
  if (!parsed.success)
    throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Enter a domain.", {
      domain: parsed.error.issues.map((i) => i.message),
    });
  const domain = parsed.data;
  // The admin's own list and a district's k12.<st>.us school are known; a directory match is the admin's to overrule.
  const verdict = await schoolDomainVerdict(domain);
  if (verdict.badge && (verdict.listed || verdict.kind === "k12"))
    throw new AppError("CONFLICT", `${domain} is a known school or district domain; it cannot be rejected here.`);
  await db().rejectedWorkDomain.upsert({ where: { domain }, create: { domain, rejectedById: actor.realUserId }, update: {} });
  return { domain };
}

/**
 * Badges for the signed-in client's or admin's island on the cached profile and directory
 * cards. Clients see listed experts only (as the profile itself); admins anyone. Labels only.
 */
export async function listWorkEmailBadges(
  actor: Actor,
  expertIds: string[],
  now: Date = new Date(),
): Promise<Record<string, WorkEmailBadge & { district: DistrictBadge | null }>> {
  requirePermission(actor, "search:expert:any");
  const ids = [...new Set(expertIds)].slice(0, 100);
  const listed = can(actor, "review:expert:any") ? {} : { verificationStatus: "verified" as const, isPublicProfile: true };
  const rows = await db().expert.findMany({
    where: { id: { in: ids }, workEmailVerifiedAt: { not: null }, ...listed },
    select: {
      id: true,
      workEmailVerifiedAt: true,
      workEmailSchoolYear: true,
      timeZone: true,
      district: { select: districtBadgeSelect },
    },
  });
  const out: Record<string, WorkEmailBadge & { district: DistrictBadge | null }> = {};
  for (const r of rows) {
    const badge = workEmailBadge(r, now);
    // The district is vouched for by the same confirmation: it lapses with the badge.
    if (badge) out[r.id] = { ...badge, district: r.district ? districtBadgeOf(r.district) : null };
  }
  return out;
}
