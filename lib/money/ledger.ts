import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { LedgerAccountKind } from "@/lib/generated/prisma/enums";

// The double-entry ledger (docs/decisions/0014-ledger.md). Every amount of money is a set of
// entries in one balanced transaction: a move debits one account and credits another by the
// same cents. PostgreSQL keeps the rules: a deferred trigger refuses a transaction that does not
// sum to zero, a trigger keeps each account's balance with every entry, a CHECK refuses a
// negative balance, and entries can never be edited. This module is the only writer.

export type AccountKind = LedgerAccountKind;
/** `owner` is an organization's id for the client kinds (ORGANIZATION_KINDS), a district's LEAID for the donation kinds (DISTRICT_KINDS), a user's id for the others. */
export type AccountRef = { owner: string; kind: AccountKind };

/** A client's accounts belong to its organization, shared by every member. */
export const ORGANIZATION_KINDS: readonly AccountKind[] = [
  "client_receivable",
  "client_paid",
  "client_funds",
  "client_reserved",
  "client_credit_used",
  "client_deposits",
];
const ownedByOrganization = (kind: AccountKind) => ORGANIZATION_KINDS.includes(kind);
/** Donations belong to the school district they are for, whoever gave them. */
export const DISTRICT_KINDS: readonly AccountKind[] = ["donation_pending", "donation_payable", "donation_paid_out"];
const ownedByDistrict = (kind: AccountKind) => DISTRICT_KINDS.includes(kind);
/** One debit and one credit of the same cents; e.g. a completed session debits the client's receivable and credits the expert's Pending QC. */
export type Move = { debit: AccountRef; credit: AccountRef; cents: number };

/** Debit-normal kinds grow with debits; the expert accounts are credit-normal and grow with credits. */
export const DEBIT_NORMAL: readonly AccountKind[] = [
  "client_receivable",
  "client_paid",
  "opening_balance",
  "client_credit_used",
  "client_deposits",
];

export type Posting = {
  /** The same key again returns the first posting and writes nothing (a replayed request). */
  key: string;
  /** session_completed, late_cancel_fee, client_no_show_fee, qc_released, dispute_refunded, cash_out, payout_paid, payout_failed, statement_paid, opening_balance, donation_pledged, donation_released, donation_refunded, donation_paid_out */
  kind: string;
  moves: Move[];
  memo?: string | null;
  engagementId?: string | null;
  payoutId?: string | null;
  actorUserId?: string | null;
};

export type Posted = { transactionId: string; replayed: boolean };

const accountKey = (a: AccountRef) => `${a.owner}:${a.kind}`;

/**
 * The account's id, created at zero the first time it is used. Two transactions can meet an
 * owner's new account at once (two responses to one client's survey): the insert skips a row
 * another transaction created, waiting for it to commit, so neither fails on the unique key.
 */
async function accountId(tx: Tx, ref: AccountRef): Promise<string> {
  if (ownedByDistrict(ref.kind)) {
    await tx.$executeRaw`
      INSERT INTO ledger_accounts (id, kind, owner_district_leaid)
      VALUES (gen_random_uuid(), ${ref.kind}::"LedgerAccountKind", ${ref.owner})
      ON CONFLICT (owner_district_leaid, kind) DO NOTHING`;
    const row = await tx.ledgerAccount.findUniqueOrThrow({
      where: { ownerDistrictLeaid_kind: { ownerDistrictLeaid: ref.owner, kind: ref.kind } },
      select: { id: true },
    });
    return row.id;
  }
  if (ownedByOrganization(ref.kind)) {
    await tx.$executeRaw`
      INSERT INTO ledger_accounts (id, kind, owner_organization_id)
      VALUES (gen_random_uuid(), ${ref.kind}::"LedgerAccountKind", ${ref.owner}::uuid)
      ON CONFLICT (owner_organization_id, kind) DO NOTHING`;
    const row = await tx.ledgerAccount.findUniqueOrThrow({
      where: { ownerOrganizationId_kind: { ownerOrganizationId: ref.owner, kind: ref.kind } },
      select: { id: true },
    });
    return row.id;
  }
  await tx.$executeRaw`
    INSERT INTO ledger_accounts (id, kind, owner_user_id)
    VALUES (gen_random_uuid(), ${ref.kind}::"LedgerAccountKind", ${ref.owner}::uuid)
    ON CONFLICT (owner_user_id, kind) DO NOTHING`;
  const row = await tx.ledgerAccount.findUniqueOrThrow({
    where: { ownerUserId_kind: { ownerUserId: ref.owner, kind: ref.kind } },
    select: { id: true },
  });
  return row.id;
}

/** Locks an account row for the rest of the transaction and returns its balance (0 if it does not exist yet). */
export async function lockBalance(tx: Tx, ref: AccountRef): Promise<number> {
  const id = await accountId(tx, ref);
  const rows = await tx.$queryRaw<{ balance_cents: number }[]>`SELECT balance_cents FROM ledger_accounts WHERE id = ${id}::uuid FOR UPDATE`;
  return rows[0].balance_cents;
}

const NEGATIVE_BALANCE = "ledger_accounts_balance_non_negative";

/**
 * Posts one balanced transaction inside the caller's database transaction. Each move must be
 * a positive whole number of cents. A balance that would go negative refuses the whole
 * posting with CONFLICT (the caller's transaction is rolled back with it).
 */
export async function post(tx: Tx, posting: Posting): Promise<Posted> {
  const existing = await tx.ledgerTransaction.findUnique({ where: { idempotencyKey: posting.key }, select: { id: true } });
  if (existing) return { transactionId: existing.id, replayed: true };
  if (posting.moves.length === 0) throw new Error("a ledger transaction needs at least one move");
  for (const m of posting.moves) {
    if (!Number.isSafeInteger(m.cents) || m.cents <= 0)
      throw new Error(`a ledger move must be a positive whole number of cents, not ${m.cents}`);
    if (accountKey(m.debit) === accountKey(m.credit)) throw new Error("a ledger move needs two different accounts");
  }
  const ids = new Map<string, string>();
  // Accounts in a fixed order, so two postings touching the same pair never lock in opposite orders.
  const refs = [...new Map(posting.moves.flatMap((m) => [m.debit, m.credit]).map((r) => [accountKey(r), r])).values()].sort((a, b) =>
    accountKey(a).localeCompare(accountKey(b)),
  );
  for (const ref of refs) ids.set(accountKey(ref), await accountId(tx, ref));

  const created = await tx.ledgerTransaction.create({
    data: {
      idempotencyKey: posting.key,
      kind: posting.kind,
      memo: posting.memo ?? null,
      engagementId: posting.engagementId ?? null,
      payoutId: posting.payoutId ?? null,
      actorUserId: posting.actorUserId ?? null,
    },
    select: { id: true },
  });
  try {
    await tx.ledgerEntry.createMany({
      data: posting.moves.flatMap((m) => [
        { transactionId: created.id, accountId: ids.get(accountKey(m.debit))!, amountCents: m.cents },
        { transactionId: created.id, accountId: ids.get(accountKey(m.credit))!, amountCents: -m.cents },
      ]),
    });
  } catch (e) {
    if (e instanceof Error && e.message.includes(NEGATIVE_BALANCE)) throw new AppError("CONFLICT", "There is not enough balance for this.");
    throw e;
  }
  return { transactionId: created.id, replayed: false };
}

/** One user's balances by account kind (0 where the account does not exist yet). */
export async function balancesOf(owner: string, client: Tx | ReturnType<typeof db> = db()): Promise<Record<AccountKind, number>> {
  return balancesFrom(await client.ledgerAccount.findMany({ where: { ownerUserId: owner }, select: { kind: true, balanceCents: true } }));
}

/** One organization's balances by account kind (0 where the account does not exist yet). */
export async function organizationBalancesOf(organizationId: string, client: Tx | ReturnType<typeof db> = db()) {
  return balancesFrom(
    await client.ledgerAccount.findMany({ where: { ownerOrganizationId: organizationId }, select: { kind: true, balanceCents: true } }),
  );
}

/** An owner's account rows as balances by kind (0 where the account does not exist yet). */
export function balancesFrom(rows: { kind: AccountKind; balanceCents: number }[]): Record<AccountKind, number> {
  const out = {
    client_receivable: 0,
    client_paid: 0,
    opening_balance: 0,
    expert_pending_qc: 0,
    expert_available: 0,
    payout_in_transit: 0,
    paid_out: 0,
    client_funds: 0,
    client_reserved: 0,
    client_credit_used: 0,
    client_deposits: 0,
    donation_pending: 0,
    donation_payable: 0,
    donation_paid_out: 0,
  };
  for (const r of rows) out[r.kind] = r.balanceCents;
  return out;
}

export type Drift = { problem: "unbalanced_transaction" | "balance_mismatch"; id: string; expected: number; actual: number };

/**
 * Checks the maintained balances against the entries and every transaction's sum: an empty
 * list means the books agree. The tests run it after every movement and every random sequence.
 */
export async function ledgerDrift(client: Tx | ReturnType<typeof db> = db()): Promise<Drift[]> {
  const unbalanced = await client.$queryRaw<{ id: string; total: bigint }[]>`
    SELECT transaction_id::text AS id, SUM(amount_cents) AS total FROM ledger_entries GROUP BY transaction_id HAVING SUM(amount_cents) <> 0`;
  const mismatched = await client.$queryRaw<{ id: string; expected: bigint; actual: number }[]>`
    SELECT a.id::text AS id, COALESCE(SUM(e.amount_cents), 0) * ledger_normal_sign(a.kind) AS expected, a.balance_cents AS actual
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id HAVING COALESCE(SUM(e.amount_cents), 0) * ledger_normal_sign(a.kind) <> a.balance_cents`;
  return [
    ...unbalanced.map((r) => ({ problem: "unbalanced_transaction" as const, id: r.id, expected: 0, actual: Number(r.total) })),
    ...mismatched.map((r) => ({ problem: "balance_mismatch" as const, id: r.id, expected: Number(r.expected), actual: r.actual })),
  ];
}
