import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { formatMoney } from "@/lib/platform/format";
import { ledgerDrift } from "@/lib/money/ledger";

// The money's invariants as code: what must hold between the ledger, the reservations and the
// engagements whatever sequence of actions led here. Each check is a few set-based queries (one
// pass over the rows it reads, never one query per engagement) and returns its breaches in words
// an admin can act on: which organization, engagement or account, and the amounts. The nightly
// job (lib/money/invariant-runs.ts) and Admin › Money checks run them; the model-based tests run
// them after every step of random sequences of actions.

export type InvariantName = "ledger_balances" | "expert_credit_backed" | "reservations_match" | "commitments_covered" | "donations_match";

export type Breach = {
  check: InvariantName;
  /** One sentence: what is wrong, where, and by how much. */
  message: string;
  organizationId: string | null;
  organizationName: string | null;
  projectId: string | null;
  engagementId: string | null;
  /** The amounts the message quotes, for the admin's own sums. */
  amounts: Record<string, number>;
};

/** What each check promises, in the words the admin page and the e-mail use. */
export const INVARIANTS: Record<InvariantName, { title: string; promise: string }> = {
  ledger_balances: {
    title: "Every account balances",
    promise: "Every ledger transaction sums to zero, every account's balance equals its entries, and the ledger as a whole sums to zero.",
  },
  expert_credit_backed: {
    title: "Every expert credit is backed",
    promise:
      "What an expert has been credited for an engagement (earnings, fees, bonuses) never exceeds what the organization's reservations paid for it; no expert is credited outside an engagement except by the opening balance.",
  },
  reservations_match: {
    title: "Reservations match live engagements",
    promise:
      "A reservation is held only for an accepted, scheduled or submitted engagement (or one whose pay still waits for a decision), for exactly its pay; every accepted or scheduled paid engagement holds one; each organization's reserved and credit accounts equal its held reservations.",
  },
  commitments_covered: {
    title: "Commitments stay within funds, credit and budget",
    promise:
      "An organization's reservations on credit and its unpaid bills never exceed its credit limit (its funds cannot go below zero), and no project commits more than its budget.",
  },
  donations_match: {
    title: "Donations match their receipts",
    promise:
      "Each district's donation accounts (in review, payable, paid out) equal its donation receipts in those states, each donation payout equals the receipts it carried, and nothing but a donated earning or bonus credits a district.",
  },
};

export const INVARIANT_NAMES = Object.keys(INVARIANTS) as InvariantName[];

/** Which organizations to check; none given: all of them. */
export type InvariantScope = { organizationIds?: string[] | null };

type Reader = Tx | ReturnType<typeof db>;
const n = (v: bigint | number | null | undefined) => Number(v ?? 0);
const orgIds = (scope: InvariantScope) => (scope.organizationIds?.length ? scope.organizationIds : null);

/** The expert-side account kinds: money credited to an expert, wherever it has moved since. */
const EXPERT_KINDS = ["expert_pending_qc", "expert_available", "payout_in_transit", "paid_out"];
/** A district's donation accounts: an expert's pay they gave to their district counts as credited for them. */
const DONATION_KINDS = ["donation_pending", "donation_payable", "donation_paid_out"];
/** Engagement states that keep a reservation held; only the first two are still to be paid. */
const RESERVING_STATES = ["accepted", "scheduled", "submitted"];
const TO_BE_PAID_STATES = ["accepted", "scheduled"];
/**
 * Ended states whose pay may still wait for a decision with the reservation held (a focus group's
 * attendance within its correction window, a no-show report an admin has not decided): held is
 * fine there until the engagement's earning is booked.
 */
const DECIDING_STATES = ["completed", "no_show"];

// ───────────────────────────── every account balances ─────────────────────────────

/** Every transaction sums to zero, every balance equals its entries, the whole ledger sums to zero. Ledger-wide (no scope). */
export async function checkLedgerBalances(client: Reader = db()): Promise<Breach[]> {
  const drift = await ledgerDrift(client);
  const breaches: Breach[] = [];
  if (drift.length) {
    const txIds = drift.filter((d) => d.problem === "unbalanced_transaction").map((d) => d.id);
    const accountIds = drift.filter((d) => d.problem === "balance_mismatch").map((d) => d.id);
    const [txs, accounts] = await Promise.all([
      client.$queryRaw<{ id: string; kind: string; key: string }[]>`
        SELECT id::text, kind, idempotency_key AS key FROM ledger_transactions WHERE id = ANY(${txIds}::uuid[])`,
      client.$queryRaw<{ id: string; kind: string; owner: string; org_id: string | null }[]>`
        SELECT a.id::text, a.kind::text,
               COALESCE(o.name, NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), u.email, 'unknown owner') AS owner,
               a.owner_organization_id::text AS org_id
        FROM ledger_accounts a LEFT JOIN organizations o ON o.id = a.owner_organization_id LEFT JOIN users u ON u.id = a.owner_user_id
        WHERE a.id = ANY(${accountIds}::uuid[])`,
    ]);
    const tx = new Map(txs.map((t) => [t.id, t]));
    const account = new Map(accounts.map((a) => [a.id, a]));
    for (const d of drift) {
      if (d.problem === "unbalanced_transaction") {
        const t = tx.get(d.id);
        breaches.push({
          check: "ledger_balances",
          message: `Ledger transaction ${t?.key ?? d.id} (${t?.kind ?? "unknown kind"}) does not balance: its entries sum to ${formatMoney(d.actual)} instead of $0.00.`,
          organizationId: null,
          organizationName: null,
          projectId: null,
          engagementId: null,
          amounts: { sumCents: d.actual },
        });
      } else {
        const a = account.get(d.id);
        breaches.push({
          check: "ledger_balances",
          message: `The ${a?.kind ?? "unknown"} account of ${a?.owner ?? d.id} shows ${formatMoney(d.actual)}, but its entries add up to ${formatMoney(d.expected)}.`,
          organizationId: a?.org_id ?? null,
          organizationName: a?.org_id ? a.owner : null,
          projectId: null,
          engagementId: null,
          amounts: { balanceCents: d.actual, entriesCents: d.expected },
        });
      }
    }
  }
  const [total] = await client.$queryRaw<{ entries: bigint | null; balances: bigint | null }[]>`
    SELECT (SELECT SUM(amount_cents) FROM ledger_entries) AS entries,
           (SELECT SUM(balance_cents::bigint * ledger_normal_sign(kind)) FROM ledger_accounts) AS balances`;
  if (n(total.entries) !== 0 || n(total.balances) !== 0)
    breaches.push({
      check: "ledger_balances",
      message: `The ledger as a whole does not sum to zero: its entries add up to ${formatMoney(n(total.entries))} and its balances, debits less credits, to ${formatMoney(n(total.balances))}.`,
      organizationId: null,
      organizationName: null,
      projectId: null,
      engagementId: null,
      amounts: { entriesCents: n(total.entries), balancesCents: n(total.balances) },
    });
  return breaches;
}

// ───────────────────────────── every expert credit is backed ─────────────────────────────

type CreditRow = {
  engagement_id: string;
  organization_id: string;
  organization_name: string;
  project_id: string;
  project_title: string;
  expert_name: string;
  credited: bigint;
  backed: bigint;
};

/**
 * Per engagement, what its transactions credited to expert accounts (net: a refund takes it back,
 * moves between the expert's own accounts add nothing) against what its spent reservations paid.
 * And no transaction outside an engagement credits an expert, except the opening balance.
 */
export async function checkExpertCreditBacked(scope: InvariantScope = {}, client: Reader = db()): Promise<Breach[]> {
  const ids = orgIds(scope);
  const rows = await client.$queryRaw<CreditRow[]>`
    WITH credit AS (
      SELECT t.engagement_id, -SUM(le.amount_cents) AS credited
      FROM ledger_entries le
      JOIN ledger_accounts a ON a.id = le.account_id
      JOIN ledger_transactions t ON t.id = le.transaction_id
      WHERE t.engagement_id IS NOT NULL
        AND ((a.owner_user_id IS NOT NULL AND a.kind::text = ANY(${EXPERT_KINDS}::text[])) OR a.kind::text = ANY(${DONATION_KINDS}::text[]))
      GROUP BY t.engagement_id
    ),
    spent AS (
      SELECT engagement_id, SUM(spent_cents) AS backed FROM reservations WHERE state = 'spent' GROUP BY engagement_id
    ),
    -- A credit that pays itself out of reserved money in its own posting (a bonus committed through
    -- the gate): the reserved account's debits in a posting that credits an expert.
    inline AS (
      SELECT t.engagement_id, SUM(le.amount_cents) FILTER (WHERE a.kind = 'client_reserved' AND le.amount_cents > 0) AS backed
      FROM ledger_transactions t
      JOIN ledger_entries le ON le.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = le.account_id
      WHERE t.engagement_id IS NOT NULL AND t.kind NOT IN ('incentive_spent', 'incentive_released')
      GROUP BY t.id, t.engagement_id
      HAVING bool_or(((a.owner_user_id IS NOT NULL AND a.kind::text = ANY(${EXPERT_KINDS}::text[])) OR a.kind::text = ANY(${DONATION_KINDS}::text[])) AND le.amount_cents < 0)
    ),
    backing AS (
      SELECT engagement_id, SUM(backed) AS backed FROM (SELECT * FROM spent UNION ALL SELECT * FROM inline) b GROUP BY engagement_id
    )
    SELECT g.id::text AS engagement_id, g.organization_id::text AS organization_id, o.name AS organization_name,
           p.id::text AS project_id, p.title AS project_title, TRIM(u.first_name || ' ' || u.last_name) AS expert_name,
           c.credited, COALESCE(b.backed, 0) AS backed
    FROM credit c
    JOIN engagements g ON g.id = c.engagement_id
    JOIN organizations o ON o.id = g.organization_id
    JOIN projects p ON p.id = g.project_id
    JOIN experts x ON x.id = g.expert_id
    JOIN users u ON u.id = x.user_id
    LEFT JOIN backing b ON b.engagement_id = c.engagement_id
    WHERE c.credited > COALESCE(b.backed, 0) AND (${ids}::uuid[] IS NULL OR g.organization_id = ANY(${ids}::uuid[]))
    ORDER BY o.name, p.title, g.id`;
  const breaches: Breach[] = rows.map((r) => ({
    check: "expert_credit_backed",
    message: `${r.expert_name} has been credited ${formatMoney(n(r.credited))} for "${r.project_title}" (${r.organization_name}), but its reservations paid only ${formatMoney(n(r.backed))}: ${formatMoney(n(r.credited) - n(r.backed))} was never reserved from the organization's funds or credit.`,
    organizationId: r.organization_id,
    organizationName: r.organization_name,
    projectId: r.project_id,
    engagementId: r.engagement_id,
    amounts: { creditedCents: n(r.credited), backedCents: n(r.backed), unbackedCents: n(r.credited) - n(r.backed) },
  }));
  // Outside any engagement, only the opening balance (money that predates the ledger) may credit an expert.
  const loose = await client.$queryRaw<{ key: string; kind: string; expert_name: string; credited: bigint }[]>`
    SELECT t.idempotency_key AS key, t.kind, COALESCE(NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), u.email) AS expert_name,
           -SUM(le.amount_cents) AS credited
    FROM ledger_entries le
    JOIN ledger_accounts a ON a.id = le.account_id
    JOIN ledger_transactions t ON t.id = le.transaction_id
    JOIN users u ON u.id = a.owner_user_id
    WHERE t.engagement_id IS NULL AND t.kind <> 'opening_balance' AND a.kind::text = ANY(${EXPERT_KINDS}::text[])
    GROUP BY t.id, u.id
    HAVING -SUM(le.amount_cents) > 0`;
  for (const r of loose)
    breaches.push({
      check: "expert_credit_backed",
      message: `Ledger transaction ${r.key} (${r.kind}) credited ${r.expert_name} ${formatMoney(n(r.credited))} without any engagement behind it.`,
      organizationId: null,
      organizationName: null,
      projectId: null,
      engagementId: null,
      amounts: { creditedCents: n(r.credited) },
    });
  return breaches;
}

// ───────────────────────────── reservations match live engagements ─────────────────────────────

type ReservationRow = {
  engagement_id: string;
  organization_id: string;
  organization_name: string;
  project_id: string;
  project_title: string;
  expert_name: string;
  state: string;
  incentive_cents: number;
  decline_payment: boolean;
  reserved: number | null;
};

/**
 * A held reservation belongs to a live engagement and holds exactly its pay; every accepted or
 * scheduled paid engagement holds one; an organization's reserved and credit-used accounts equal
 * the sums of its held reservations.
 */
export async function checkReservationsMatch(scope: InvariantScope = {}, client: Reader = db()): Promise<Breach[]> {
  const ids = orgIds(scope);
  const rows = await client.$queryRaw<ReservationRow[]>`
    SELECT g.id::text AS engagement_id, g.organization_id::text AS organization_id, o.name AS organization_name,
           p.id::text AS project_id, p.title AS project_title, TRIM(u.first_name || ' ' || u.last_name) AS expert_name,
           g.state::text AS state, g.incentive_cents, g.decline_payment, r.amount_cents AS reserved
    FROM engagements g
    LEFT JOIN reservations r ON r.engagement_id = g.id AND r.state = 'held'
    LEFT JOIN earnings ern ON ern.engagement_id = g.id
    JOIN organizations o ON o.id = g.organization_id
    JOIN projects p ON p.id = g.project_id
    JOIN experts x ON x.id = g.expert_id
    JOIN users u ON u.id = x.user_id
    WHERE (${ids}::uuid[] IS NULL OR g.organization_id = ANY(${ids}::uuid[]))
      AND (
        (r.id IS NOT NULL AND (
          (g.state::text <> ALL(${RESERVING_STATES}::text[]) AND NOT (g.state::text = ANY(${DECIDING_STATES}::text[]) AND ern.id IS NULL))
          OR g.decline_payment
          OR r.amount_cents < g.incentive_cents
          OR (r.amount_cents > g.incentive_cents AND g.state::text = ANY(${RESERVING_STATES}::text[]))))
        OR (r.id IS NULL AND g.state::text = ANY(${TO_BE_PAID_STATES}::text[]) AND g.incentive_cents > 0 AND NOT g.decline_payment)
      )
    ORDER BY o.name, p.title, g.id`;
  const breaches: Breach[] = rows.map((r): Breach => {
    const where = `${r.expert_name} in "${r.project_title}" (${r.organization_name})`;
    const base = {
      check: "reservations_match" as const,
      organizationId: r.organization_id,
      organizationName: r.organization_name,
      projectId: r.project_id,
      engagementId: r.engagement_id,
    };
    if (r.reserved === null)
      return {
        ...base,
        message: `${where} is ${r.state} and will be paid ${formatMoney(r.incentive_cents)}, but nothing is reserved for it.`,
        amounts: { payCents: r.incentive_cents, reservedCents: 0 },
      };
    if (r.decline_payment || (!RESERVING_STATES.includes(r.state) && r.incentive_cents >= r.reserved))
      return {
        ...base,
        message: `${where} is ${r.state}${r.decline_payment ? " and unpaid" : ""}, yet ${formatMoney(r.reserved)} is still reserved for it.`,
        amounts: { reservedCents: r.reserved },
      };
    return {
      ...base,
      message: `${where} pays ${formatMoney(r.incentive_cents)}, but ${formatMoney(r.reserved)} is reserved for it (${formatMoney(Math.abs(r.incentive_cents - r.reserved))} ${r.incentive_cents > r.reserved ? "short" : "too much"}).`,
      amounts: { payCents: r.incentive_cents, reservedCents: r.reserved },
    };
  });
  const accounts = await client.$queryRaw<
    { organization_id: string; name: string; reserved: bigint; credit_used: bigint; held: bigint; held_credit: bigint }[]
  >`
    WITH held AS (
      SELECT organization_id, SUM(amount_cents) AS held, SUM(credit_cents) AS held_credit
      FROM reservations WHERE state = 'held' GROUP BY organization_id
    ),
    acct AS (
      SELECT owner_organization_id AS organization_id,
             COALESCE(SUM(balance_cents) FILTER (WHERE kind = 'client_reserved'), 0) AS reserved,
             COALESCE(SUM(balance_cents) FILTER (WHERE kind = 'client_credit_used'), 0) AS credit_used
      FROM ledger_accounts WHERE owner_organization_id IS NOT NULL GROUP BY owner_organization_id
    )
    SELECT o.id::text AS organization_id, o.name, COALESCE(a.reserved, 0) AS reserved, COALESCE(a.credit_used, 0) AS credit_used,
           COALESCE(h.held, 0) AS held, COALESCE(h.held_credit, 0) AS held_credit
    FROM organizations o LEFT JOIN acct a ON a.organization_id = o.id LEFT JOIN held h ON h.organization_id = o.id
    WHERE (${ids}::uuid[] IS NULL OR o.id = ANY(${ids}::uuid[]))
      AND (COALESCE(a.reserved, 0) <> COALESCE(h.held, 0) OR COALESCE(a.credit_used, 0) <> COALESCE(h.held_credit, 0))
    ORDER BY o.name`;
  for (const a of accounts) {
    const base = {
      check: "reservations_match" as const,
      organizationId: a.organization_id,
      organizationName: a.name,
      projectId: null,
      engagementId: null,
    };
    if (n(a.reserved) !== n(a.held))
      breaches.push({
        ...base,
        message: `${a.name}'s reserved account shows ${formatMoney(n(a.reserved))}, but its held reservations add up to ${formatMoney(n(a.held))}.`,
        amounts: { accountCents: n(a.reserved), heldCents: n(a.held) },
      });
    if (n(a.credit_used) !== n(a.held_credit))
      breaches.push({
        ...base,
        message: `${a.name}'s credit-used account shows ${formatMoney(n(a.credit_used))}, but its held reservations drew ${formatMoney(n(a.held_credit))} of credit.`,
        amounts: { accountCents: n(a.credit_used), heldCreditCents: n(a.held_credit) },
      });
  }
  return breaches;
}

// ───────────────────────────── commitments within funds, credit and budget ─────────────────────────────

/**
 * The funds account cannot go negative (the ledger's CHECK), so what an organization has
 * committed beyond its funds is what it runs on credit: its reservations drawn on credit plus what
 * it was billed and has not paid. That stays within its credit limit. A project's commitments
 * (held reservations and what its engagements were credited) stay within its budget.
 */
export async function checkCommitmentsCovered(scope: InvariantScope = {}, client: Reader = db()): Promise<Breach[]> {
  const ids = orgIds(scope);
  const orgs = await client.$queryRaw<
    { organization_id: string; name: string; limit_cents: number; funds: bigint; credit_used: bigint; receivable: bigint }[]
  >`
    WITH acct AS (
      SELECT owner_organization_id AS organization_id,
             COALESCE(SUM(balance_cents) FILTER (WHERE kind = 'client_funds'), 0) AS funds,
             COALESCE(SUM(balance_cents) FILTER (WHERE kind = 'client_credit_used'), 0) AS credit_used,
             COALESCE(SUM(balance_cents) FILTER (WHERE kind = 'client_receivable'), 0) AS receivable
      FROM ledger_accounts WHERE owner_organization_id IS NOT NULL GROUP BY owner_organization_id
    )
    SELECT o.id::text AS organization_id, o.name, o.credit_limit_cents AS limit_cents, a.funds, a.credit_used, a.receivable
    FROM organizations o JOIN acct a ON a.organization_id = o.id
    WHERE (${ids}::uuid[] IS NULL OR o.id = ANY(${ids}::uuid[])) AND a.credit_used + a.receivable > o.credit_limit_cents
    ORDER BY o.name`;
  const breaches: Breach[] = orgs.map((o) => {
    const onCredit = n(o.credit_used) + n(o.receivable);
    return {
      check: "commitments_covered",
      message: `${o.name} has committed ${formatMoney(onCredit)} on credit (${formatMoney(n(o.credit_used))} reserved on credit, ${formatMoney(n(o.receivable))} billed and unpaid) against a credit limit of ${formatMoney(o.limit_cents)}, with ${formatMoney(n(o.funds))} in funds: ${formatMoney(onCredit - o.limit_cents)} over.`,
      organizationId: o.organization_id,
      organizationName: o.name,
      projectId: null,
      engagementId: null,
      amounts: {
        onCreditCents: onCredit,
        creditUsedCents: n(o.credit_used),
        receivableCents: n(o.receivable),
        creditLimitCents: o.limit_cents,
        fundsCents: n(o.funds),
      },
    };
  });
  const projects = await client.$queryRaw<
    { project_id: string; title: string; organization_id: string; name: string; budget: number; held: bigint; credited: bigint }[]
  >`
    WITH held AS (
      SELECT project_id, SUM(amount_cents) AS held FROM reservations WHERE state = 'held' GROUP BY project_id
    ),
    credit AS (
      SELECT g.project_id, -SUM(le.amount_cents) AS credited
      FROM ledger_entries le
      JOIN ledger_accounts a ON a.id = le.account_id
      JOIN ledger_transactions t ON t.id = le.transaction_id
      JOIN engagements g ON g.id = t.engagement_id
      WHERE ((a.owner_user_id IS NOT NULL AND a.kind::text = ANY(${EXPERT_KINDS}::text[])) OR a.kind::text = ANY(${DONATION_KINDS}::text[]))
        AND (${ids}::uuid[] IS NULL OR g.organization_id = ANY(${ids}::uuid[]))
      GROUP BY g.project_id
    )
    SELECT p.id::text AS project_id, p.title, o.id::text AS organization_id, o.name, p.budget_cents AS budget,
           COALESCE(h.held, 0) AS held, COALESCE(c.credited, 0) AS credited
    FROM projects p JOIN organizations o ON o.id = p.organization_id
    LEFT JOIN held h ON h.project_id = p.id LEFT JOIN credit c ON c.project_id = p.id
    WHERE p.budget_cents IS NOT NULL AND (${ids}::uuid[] IS NULL OR p.organization_id = ANY(${ids}::uuid[]))
      AND COALESCE(h.held, 0) + COALESCE(c.credited, 0) > p.budget_cents
    ORDER BY o.name, p.title`;
  for (const p of projects) {
    const committed = n(p.held) + n(p.credited);
    breaches.push({
      check: "commitments_covered",
      message: `"${p.title}" (${p.name}) has committed ${formatMoney(committed)} (${formatMoney(n(p.held))} reserved, ${formatMoney(n(p.credited))} credited to experts) against a budget of ${formatMoney(p.budget)}: ${formatMoney(committed - p.budget)} over.`,
      organizationId: p.organization_id,
      organizationName: p.name,
      projectId: p.project_id,
      engagementId: null,
      amounts: { committedCents: committed, heldCents: n(p.held), creditedCents: n(p.credited), budgetCents: p.budget },
    });
  }
  return breaches;
}

// ───────────────────────────── donations match their receipts ─────────────────────────────

const donationBreach = (message: string, amounts: Record<string, number>): Breach => ({
  check: "donations_match",
  message,
  organizationId: null,
  organizationName: null,
  projectId: null,
  engagementId: null,
  amounts,
});

/**
 * Per district: each donation account's balance against the receipts in its state (held,
 * payable, paid); per donation payout: its amount against the receipts it carried and its ledger
 * transaction; and no posting outside an engagement credits a district except a donation payout
 * moving its own payable money. Ledger-wide (a district's money comes from many organizations).
 */
export async function checkDonationsMatch(client: Reader = db()): Promise<Breach[]> {
  const breaches: Breach[] = [];
  const districts = await client.$queryRaw<
    { leaid: string; name: string; state: string; kind: string; balance: bigint; receipts: bigint }[]
  >`
    WITH accounts AS (
      SELECT owner_district_leaid AS leaid, kind::text AS kind, balance_cents::bigint AS balance FROM ledger_accounts
      WHERE owner_district_leaid IS NOT NULL
    ),
    receipts AS (
      SELECT leaid, CASE state WHEN 'held' THEN 'donation_pending' WHEN 'payable' THEN 'donation_payable' ELSE 'donation_paid_out' END AS kind,
             SUM(amount_cents) AS receipts
      FROM donations WHERE state <> 'refunded' GROUP BY 1, 2
    )
    SELECT COALESCE(a.leaid, r.leaid) AS leaid, COALESCE(d.name, COALESCE(a.leaid, r.leaid)) AS name, '' AS state,
           COALESCE(a.kind, r.kind) AS kind, COALESCE(a.balance, 0) AS balance, COALESCE(r.receipts, 0) AS receipts
    FROM accounts a FULL JOIN receipts r ON r.leaid = a.leaid AND r.kind = a.kind
    LEFT JOIN districts d ON d.leaid = COALESCE(a.leaid, r.leaid)
    WHERE COALESCE(a.balance, 0) <> COALESCE(r.receipts, 0)`;
  for (const d of districts)
    breaches.push(
      donationBreach(
        `${d.name}'s ${d.kind.replaceAll("_", " ")} account holds ${formatMoney(n(d.balance))}, but its donation receipts there add up to ${formatMoney(n(d.receipts))}.`,
        { balanceCents: n(d.balance), receiptsCents: n(d.receipts) },
      ),
    );
  const payouts = await client.$queryRaw<{ id: string; number: number; amount: number; carried: bigint; posted: bigint }[]>`
    SELECT p.id::text, p.number, p.amount_cents AS amount,
           COALESCE((SELECT SUM(amount_cents) FROM donations WHERE payout_id = p.id), 0) AS carried,
           COALESCE((SELECT SUM(le.amount_cents) FROM ledger_transactions t JOIN ledger_entries le ON le.transaction_id = t.id
                     JOIN ledger_accounts a ON a.id = le.account_id
                     WHERE t.idempotency_key = 'donation-payout:' || p.leaid || ':' || to_char(p.month, 'YYYY-MM') AND a.kind = 'donation_payable'), 0) AS posted
    FROM donation_payouts p`;
  for (const p of payouts)
    if (n(p.carried) !== p.amount || n(p.posted) !== p.amount)
      breaches.push(
        donationBreach(
          `Donation payout DP-${String(p.number).padStart(6, "0")} of ${formatMoney(p.amount)} carried receipts of ${formatMoney(n(p.carried))} and moved ${formatMoney(n(p.posted))} out of the payable donations.`,
          { amountCents: p.amount, carriedCents: n(p.carried), postedCents: n(p.posted) },
        ),
      );
  const loose = await client.$queryRaw<{ key: string; kind: string; credited: bigint }[]>`
    SELECT t.idempotency_key AS key, t.kind, -SUM(le.amount_cents) AS credited
    FROM ledger_entries le JOIN ledger_accounts a ON a.id = le.account_id JOIN ledger_transactions t ON t.id = le.transaction_id
    WHERE t.engagement_id IS NULL AND t.kind <> 'donation_paid_out' AND a.kind::text = ANY(${DONATION_KINDS}::text[])
    GROUP BY t.id HAVING -SUM(le.amount_cents) <> 0`;
  for (const r of loose)
    breaches.push(
      donationBreach(
        `Ledger transaction ${r.key} (${r.kind}) moved ${formatMoney(n(r.credited))} into a district's donations without any engagement behind it.`,
        {
          creditedCents: n(r.credited),
        },
      ),
    );
  return breaches;
}

// ───────────────────────────── all of them ─────────────────────────────

export type InvariantReport = { checkedAt: Date; breaches: Breach[]; counts: Record<InvariantName, number> };

/** Runs every check (read-only) and returns the breaches, grouped by check in the order of INVARIANT_NAMES. */
export async function checkInvariants(scope: InvariantScope = {}, client: Reader = db()): Promise<InvariantReport> {
  const checkedAt = new Date();
  const results = [
    await checkLedgerBalances(client),
    await checkExpertCreditBacked(scope, client),
    await checkReservationsMatch(scope, client),
    await checkCommitmentsCovered(scope, client),
    await checkDonationsMatch(client),
  ];
  const breaches = results.flat();
  const counts = Object.fromEntries(INVARIANT_NAMES.map((name) => [name, breaches.filter((b) => b.check === name).length])) as Record<
    InvariantName,
    number
  >;
  return { checkedAt, breaches, counts };
}
