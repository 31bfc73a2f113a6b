import "server-only";
import type { Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { formatMoney } from "@/lib/platform/format";
import { post, type Move } from "@/lib/money/ledger";
import { capacityOf, lockOrganization, type Capacity } from "@/lib/money/capacity";

// The one gate every obligation of an organization passes: an acceptance, a pay raise, a fee,
// a survey completion, a focus group's attendance and a bonus all reserve their cents here
// before anything is owed to an expert. It locks the organization (so two commitments cannot
// spend the same room), checks the project's budget left and the funds plus credit left, and
// moves the cents into the organization's reserved account, funds first and then credit, as
// one keyed ledger posting. An earning is then paid only out of reserved money.

/** Who asked: the client reads why in figures (when their role may read the balance), the expert a plain "cannot take on more". */
export type Asker = "client" | "expert" | "system";

/** How a refusal names the money being committed ("this expert's incentive", "this bonus"). */
export type CommitmentWords = { what: string; budgetHint: string };

export const INCENTIVE_WORDS: CommitmentWords = { what: "this expert's incentive", budgetHint: "Raise the budget to accept more." };

/** What an expert reads when the organization cannot take them on: never the organization's finances. */
export const NO_CAPACITY_FOR_EXPERT = "This study cannot take on more participants right now. Please try again later.";

/** Why `cents` cannot be committed now, in the client's words, or null. */
export function shortfall(capacity: Capacity, cents: number, seesFunds: boolean, words: CommitmentWords = INCENTIVE_WORDS): string | null {
  const { what } = words;
  if (capacity.budgetLeftCents !== null && cents > capacity.budgetLeftCents)
    return `This project's budget has ${formatMoney(capacity.budgetLeftCents)} left, and ${what} is ${formatMoney(cents)}. ${words.budgetHint}`;
  const money = capacity.fundsCents + capacity.creditLeftCents;
  if (cents > money && !seesFunds)
    return `Your organization's funds and credit do not cover ${what} of ${formatMoney(cents)}. Ask your finance team to add funds.`;
  if (cents > money)
    return `Your organization has ${formatMoney(money)} available (${formatMoney(capacity.fundsCents)} in funds, ${formatMoney(capacity.creditLeftCents)} of credit left), and ${what} is ${formatMoney(cents)}. Ask your finance team to add funds.`;
  return null;
}

export type Commitment = {
  organizationId: string;
  projectId: string;
  cents: number;
  /** The ledger key of the reservation: the same key again reserves nothing twice. */
  key: string;
  engagementId?: string | null;
  actorUserId?: string | null;
  who: Asker;
  /** Whether the acting member may read the organization's balance: only then does a refusal name the amounts. */
  seesFunds?: boolean;
  words?: CommitmentWords;
};

/** The split of a reservation: what came from the prepaid funds and what from credit. */
export type Reserved = { fundedCents: number; creditCents: number };

/**
 * THE gate: reserves `cents` for an organization in the caller's transaction, or refuses
 * (CONFLICT, nothing written) with what is left. Callers record what the reservation is for
 * (the engagement's reservation row, a bonus) in the same transaction.
 */
export async function commitMoney(tx: Tx, c: Commitment): Promise<Reserved> {
  if (!Number.isInteger(c.cents) || c.cents <= 0) return { fundedCents: 0, creditCents: 0 };
  const { creditLimitCents } = await lockOrganization(tx, c.organizationId);
  const capacity = await capacityOf(tx, c.organizationId, c.projectId, creditLimitCents);
  const refusal = shortfall(capacity, c.cents, c.seesFunds ?? false, c.words);
  if (refusal) throw new AppError("CONFLICT", c.who === "expert" ? NO_CAPACITY_FOR_EXPERT : refusal);
  const fundedCents = Math.min(capacity.fundsCents, c.cents);
  const creditCents = c.cents - fundedCents;
  const org = c.organizationId;
  const moves: Move[] = [];
  if (fundedCents > 0)
    moves.push({ debit: { owner: org, kind: "client_funds" }, credit: { owner: org, kind: "client_reserved" }, cents: fundedCents });
  if (creditCents > 0)
    moves.push({ debit: { owner: org, kind: "client_credit_used" }, credit: { owner: org, kind: "client_reserved" }, cents: creditCents });
  const posted = await post(tx, {
    key: c.key,
    kind: "incentive_reserved",
    engagementId: c.engagementId ?? null,
    actorUserId: c.actorUserId ?? null,
    moves,
  });
  // A replayed key moved nothing now: the caller's record of the first reservation stands.
  if (posted.replayed) throw new AppError("CONFLICT", "This commitment was already reserved.");
  return { fundedCents, creditCents };
}

/**
 * Pays an earning of `cents` out of reserved money (right after the earning's own posting raised
 * the receivable): the funded part pays the receivable at once, the credit part becomes the
 * receivable billed on the statement. Returns the moves; the caller posts them with its key.
 */
export function spendMoves(org: string, prepaidCents: number, onCreditCents: number): Move[] {
  const moves: Move[] = [];
  if (prepaidCents > 0)
    moves.push({ debit: { owner: org, kind: "client_reserved" }, credit: { owner: org, kind: "client_receivable" }, cents: prepaidCents });
  if (onCreditCents > 0)
    moves.push({
      debit: { owner: org, kind: "client_reserved" },
      credit: { owner: org, kind: "client_credit_used" },
      cents: onCreditCents,
    });
  return moves;
}

/** The moves that give `funded` back to the funds and `credit` back to the credit line. */
export function giveBackMoves(org: string, funded: number, credit: number): Move[] {
  const moves: Move[] = [];
  if (funded > 0)
    moves.push({ debit: { owner: org, kind: "client_reserved" }, credit: { owner: org, kind: "client_funds" }, cents: funded });
  if (credit > 0)
    moves.push({ debit: { owner: org, kind: "client_reserved" }, credit: { owner: org, kind: "client_credit_used" }, cents: credit });
  return moves;
}
