import "server-only";
import { organizationNameSelect } from "@/lib/organizations/membership";
import { orgScope } from "@/lib/organizations/membership";
import { coverEarning, spendReservation } from "@/lib/money/reservations";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { addBusinessDays } from "@/lib/platform/dates";
import { DEFAULT_TIME_ZONE } from "@/lib/vocabulary/time";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import type { EarningState } from "@/lib/generated/prisma/enums";

/** An earning's state, for components, which import types from services and never Prisma. */
export type { EarningState };
import { post } from "@/lib/money/ledger";
import { ownExpertRow } from "@/lib/accounts/expert-row";
import { inKeysetOrder, keysetOnColumn, keysetPage, type PageRequest } from "@/lib/platform/keyset";
import { clientNoShowFeeCents, lateCancelFeeCents, QC_BUSINESS_DAYS } from "@/lib/money/policy";
import { donationTargetOf, donationAccount, pledgeDonation } from "@/lib/money/donation-ledger";

// What a completed session earns and how it becomes available: Pending QC for the client's
// review window, then Available (a job on the queue), unless the client disputes it, when an
// admin decides. Each step is one ledger transaction with a key, so a replay posts nothing.

export type EarningFacts = {
  engagementId: string;
  clientUserId: string;
  organizationId: string;
  projectId: string;
  expertUserId: string;
  incentiveCents: number;
  declinePayment?: boolean;
};

/**
 * Books a completed session (or a late cancel's or a client no-show's fee) in the caller's transaction: an earning in
 * Pending QC, the client's receivable up by the same cents, and the release job at the end of
 * the review window. A session with no incentive, or one whose expert declined payment
 * (public-employee rules), earns nothing and the client owes nothing for it.
 */
/**
 * What each kind of earning pays, from the incentive (lib/money/policy.ts). A survey's screen-out
 * and over-quota ends pay the amounts the client set for them, which the caller passes.
 */
const EARNING_CENTS: Record<IncentiveKind, (incentiveCents: number) => number> = {
  session: (cents) => cents,
  survey: (cents) => cents,
  late_cancel_fee: lateCancelFeeCents,
  client_no_show_fee: clientNoShowFeeCents,
};
type IncentiveKind = "session" | "survey" | "late_cancel_fee" | "client_no_show_fee";
/** Kinds whose amount the client set for that end (a survey's screen-out and over-quota pay, a focus group's backup fee). */
type SetAmountKind = "screen_out_fee" | "over_quota_fee" | "backup_fee";
export type EarningKind = IncentiveKind | SetAmountKind;

/** The ledger transaction kind each earning posts under. */
const POSTING_KIND: Record<EarningKind, string> = {
  session: "session_completed",
  survey: "survey_submitted",
  late_cancel_fee: "late_cancel_fee",
  client_no_show_fee: "client_no_show_fee",
  screen_out_fee: "screen_out_fee",
  over_quota_fee: "over_quota_fee",
  backup_fee: "backup_fee",
};

export async function bookEarning(
  tx: Tx,
  facts: EarningFacts,
  opts:
    | { kind: IncentiveKind; now: Date; actorUserId: string | null }
    | { kind: SetAmountKind; cents: number; now: Date; actorUserId: string | null },
) {
  if (facts.declinePayment) return null;
  const cents = "cents" in opts ? opts.cents : EARNING_CENTS[opts.kind](facts.incentiveCents);
  if (cents <= 0) return null;
  // Booked once: a replay finds the earning and moves nothing.
  const booked = await tx.earning.findUnique({ where: { engagementId: facts.engagementId }, select: { id: true, qcEndsAt: true } });
  if (booked) return booked;
  // Nothing is owed to an expert that the organization's reserved money does not stand behind:
  // the engagement's reservation covers it, topped up through the gate where it falls short.
  const who = opts.actorUserId === facts.expertUserId ? "expert" : opts.actorUserId ? "client" : "system";
  await coverEarning(tx, { id: facts.engagementId, organizationId: facts.organizationId, projectId: facts.projectId }, cents, who);
  const qcEndsAt = addBusinessDays(opts.now, QC_BUSINESS_DAYS);
  // A donating expert's pay is held for their district instead: the client pays the same.
  const donateTo = await donationTargetOf(tx, facts.engagementId);
  const earning = await tx.earning.upsert({
    where: { engagementId: facts.engagementId },
    create: {
      engagementId: facts.engagementId,
      expertUserId: facts.expertUserId,
      clientUserId: facts.clientUserId,
      organizationId: facts.organizationId,
      projectId: facts.projectId,
      amountCents: cents,
      kind: opts.kind,
      earnedAt: opts.now,
      qcEndsAt,
    },
    update: {},
    select: { id: true, qcEndsAt: true },
  });
  await post(tx, {
    key: `earning:${facts.engagementId}`,
    kind: donateTo ? "donation_pledged" : POSTING_KIND[opts.kind],
    memo: donateTo ? POSTING_KIND[opts.kind] : null,
    engagementId: facts.engagementId,
    actorUserId: opts.actorUserId,
    moves: [
      {
        debit: { owner: facts.organizationId, kind: "client_receivable" },
        credit: donateTo ? donationAccount(donateTo, "donation_pending") : { owner: facts.expertUserId, kind: "expert_pending_qc" },
        cents,
      },
    ],
  });
  if (donateTo) await pledgeDonation(tx, { ...facts, leaid: donateTo, cents, source: { earningId: earning.id } });
  // Paid from the engagement's reservation: the funded part at once.
  const prepaidCents = await spendReservation(tx, facts.engagementId, cents, opts.now);
  if (prepaidCents > 0) await tx.earning.update({ where: { id: earning.id }, data: { prepaidCents } });
  await enqueueJob(
    "release-earning",
    { earningId: earning.id },
    { runAt: earning.qcEndsAt, jobKey: `release-earning:${earning.id}`, maxAttempts: 10 },
    tx,
  );
  return earning;
}

export const EARNING_NOT_FOUND = () => new AppError("NOT_FOUND", "Earning not found");

/** The earning row, locked for the rest of the transaction. */
export async function lockedEarning(tx: Tx, id: string) {
  await tx.$queryRaw`SELECT id FROM earnings WHERE id = ${id}::uuid FOR UPDATE`;
  const [row, donation] = await Promise.all([
    lockedEarningRow(tx, id),
    tx.donation.findUnique({ where: { earningId: id }, select: { leaid: true } }),
  ]);
  return row ? { ...row, donationLeaid: donation?.leaid ?? null } : null;
}

function lockedEarningRow(tx: Tx, id: string) {
  return tx.earning.findUnique({
    where: { id },
    select: {
      id: true,
      engagementId: true,
      expertUserId: true,
      clientUserId: true,
      organizationId: true,
      amountCents: true,
      prepaidCents: true,
      state: true,
      qcEndsAt: true,
    },
  });
}

/**
 * The ledger move that makes an earning Available: Pending QC to Available, on the expert's
 * accounts; for a donation, the district's pending donations to its payable ones.
 */
export const releaseMove = (e: { expertUserId: string; amountCents: number; donationLeaid?: string | null }) =>
  e.donationLeaid
    ? {
        debit: donationAccount(e.donationLeaid, "donation_pending"),
        credit: donationAccount(e.donationLeaid, "donation_payable"),
        cents: e.amountCents,
      }
    : {
        debit: { owner: e.expertUserId, kind: "expert_pending_qc" as const },
        credit: { owner: e.expertUserId, kind: "expert_available" as const },
        cents: e.amountCents,
      };

/** Where an earning waits in review: the expert's Pending QC, or the district's pending donations. */
export const pendingAccountOf = (e: { expertUserId: string; donationLeaid?: string | null }) =>
  e.donationLeaid ? donationAccount(e.donationLeaid, "donation_pending") : { owner: e.expertUserId, kind: "expert_pending_qc" as const };

export type EarningView = {
  id: string;
  engagementId: string;
  projectTitle: string;
  amountCents: number;
  kind: string;
  state: EarningState;
  earnedAt: Date;
  qcEndsAt: Date;
  disputeReason: string | null;
  resolutionNote: string | null;
};

const earningSelect = {
  id: true,
  engagementId: true,
  amountCents: true,
  kind: true,
  state: true,
  earnedAt: true,
  qcEndsAt: true,
  disputeReason: true,
  resolutionNote: true,
  engagement: { select: { project: { select: { title: true } } } },
} as const;

const toView = ({ engagement, ...e }: { engagement: { project: { title: string } } } & Omit<EarningView, "projectTitle">): EarningView => ({
  ...e,
  projectTitle: engagement.project.title,
});

/** Money credited before itemised earnings existed (the one opening transaction), and when it was posted. */
export type OpeningBalanceView = { cents: number; at: Date };

/** What the /payments "Earnings" list shows: a page of earnings, the opening balance as its own row on the last page, and their total. */
export type EarningsStatement = {
  timeZone: string;
  items: EarningView[];
  /** On the list's last page only (it is the oldest row): the money from before itemised earnings. */
  opening: OpeningBalanceView | null;
  /** The rows shown that count toward Total Earned (refunded ones do not): equals the wallet's Total Earned when the list is one page. */
  totalCents: number;
  /** The page tokens of the list (lib/platform/keyset.ts): null when there is no further page that way. */
  after: string | null;
  before: string | null;
};

/** The earnings list shows this many rows a page. */
export const EARNINGS_PAGE_SIZE = 25;

/** Counts toward Total Earned: everything credited to the expert that was not returned to the client. */
export const countsTowardTotal = (e: Pick<EarningView, "state">) => e.state !== "refunded";

/**
 * The opening balance's legs on the expert's own accounts (credits are negative entries there):
 * what it brought, wherever that money has since moved.
 */
async function openingBalanceOf(userId: string): Promise<OpeningBalanceView | null> {
  const agg = await db().ledgerEntry.aggregate({
    where: { account: { ownerUserId: userId, kind: { not: "opening_balance" } }, transaction: { kind: "opening_balance" } },
    _sum: { amountCents: true },
    _min: { createdAt: true },
  });
  const cents = -(agg._sum.amountCents ?? 0);
  return cents > 0 && agg._min.createdAt ? { cents, at: agg._min.createdAt } : null;
}

/** One page of an expert's earnings and booked bonuses, merged newest first: each table is read from its own index up to a page. */
async function earningsPage(userId: string, page: PageRequest, size: number) {
  // Donated pay was never the expert's: it is on their donation receipts, not among their earnings.
  const donated = await donatedSources(userId);
  const where = { expertUserId: userId, id: { notIn: donated.earningIds } };
  // A bonus is the expert's once it is booked: one waiting for approval, or declined, is not theirs.
  const bonusWhere = {
    expertUserId: userId,
    id: { notIn: donated.bonusIds },
    state: { in: ["pending_qc" as const, "available" as const] },
  };
  return keysetPage(
    page,
    async (keyset) => {
      const onBonuses = keysetOnColumn(keyset, "earnedAt", "createdAt");
      const [rows, bonuses] = await Promise.all([
        db().earning.findMany({ where: { AND: [where, keyset.where] }, orderBy: keyset.orderBy, take: keyset.take, select: earningSelect }),
        db().bonus.findMany({
          where: { AND: [bonusWhere, onBonuses.where] },
          orderBy: onBonuses.orderBy,
          take: keyset.take,
          select: {
            id: true,
            engagementId: true,
            amountCents: true,
            createdAt: true,
            state: true,
            qcEndsAt: true,
            engagement: { select: { project: { select: { title: true } } } },
          },
        }),
      ]);
      // A bonus is a row of its own, in Pending QC and then Available like any earning.
      const bonusViews: EarningView[] = bonuses.map((b) => ({
        id: b.id,
        engagementId: b.engagementId,
        projectTitle: b.engagement.project.title,
        amountCents: b.amountCents,
        kind: "bonus",
        state: b.state === "available" ? "available" : "pending_qc",
        earnedAt: b.createdAt,
        qcEndsAt: b.qcEndsAt ?? b.createdAt,
        disputeReason: null,
        resolutionNote: null,
      }));
      return inKeysetOrder([...rows.map(toView), ...bonusViews], keyset, (e) => e.earnedAt);
    },
    { key: "earnedAt", direction: "desc" },
    size,
  );
}

/**
 * The entries behind an expert's balance, newest first, a page at a time, with the expert's zone
 * to show them in: the opening balance is a row of its own after the oldest earning, so a list
 * of one page adds up to the wallet's Total Earned.
 */
export async function listEarnings(actor: Actor, page: PageRequest = {}, size = EARNINGS_PAGE_SIZE): Promise<EarningsStatement> {
  requirePermission(actor, "update:expert:own");
  const [expert, found, opening] = await Promise.all([
    ownExpertRow(actor.userId),
    earningsPage(actor.userId, page, size),
    openingBalanceOf(actor.userId),
  ]);
  const last = found.after === null;
  const shownOpening = last ? opening : null;
  const totalCents = found.rows.filter(countsTowardTotal).reduce((sum, e) => sum + e.amountCents, 0) + (shownOpening?.cents ?? 0);
  return {
    timeZone: expert?.timeZone ?? DEFAULT_TIME_ZONE,
    items: found.rows,
    opening: shownOpening,
    totalCents,
    after: found.after,
    before: found.before,
  };
}

/** The earnings and bonuses an expert donated (their ids), to leave out of what they earned. */
async function donatedSources(userId: string) {
  const rows = await db().donation.findMany({ where: { expertUserId: userId }, select: { earningId: true, bonusId: true } });
  return {
    earningIds: rows.flatMap((r) => (r.earningId ? [r.earningId] : [])),
    bonusIds: rows.flatMap((r) => (r.bonusId ? [r.bonusId] : [])),
  };
}

/** The expert's own earnings still in quality review or in dispute, the soonest release first. */
export async function listEarningsInReview(actor: Actor, limit = 20): Promise<EarningView[]> {
  requirePermission(actor, "update:expert:own");
  const donated = await donatedSources(actor.userId);
  const rows = await db().earning.findMany({
    where: { expertUserId: actor.userId, id: { notIn: donated.earningIds }, state: { in: ["pending_qc", "disputed"] } },
    orderBy: [{ qcEndsAt: "asc" }, { id: "asc" }],
    take: limit,
    select: earningSelect,
  });
  return rows.map(toView);
}

/** The earning of each of an organization's engagements (for dispute buttons on the pipeline). */
export async function earningsOfProject(actor: Actor, projectId: string): Promise<Map<string, EarningView>> {
  if (!can(actor, "read:project:org")) return new Map();
  const rows = await db().earning.findMany({ where: { projectId, ...orgScope(actor, "read:project:org") }, select: earningSelect });
  return new Map(rows.map((r) => [r.engagementId, toView(r)]));
}

/** Disputes waiting for an admin, oldest first. */
export async function listOpenDisputes(actor: Actor) {
  requirePermission(actor, "manage:money:any");
  return db().earning.findMany({
    where: { state: "disputed" },
    orderBy: { disputedAt: "asc" },
    select: {
      ...earningSelect,
      disputedAt: true,
      engagement: {
        select: {
          project: {
            select: {
              title: true,
              ...organizationNameSelect,
            },
          },
          expert: { select: { user: { select: { firstName: true, lastName: true } } } },
        },
      },
    },
  });
}
