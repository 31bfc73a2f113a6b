import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { closeOrMirror } from "@/lib/projects/projects";
import type { EngagementState, PayoutStatus } from "@/lib/generated/prisma/enums";

// What disabling an account stops, and what enabling it restores. A disabled account cannot sign
// in (lib/admin/users.ts); here, the rest of the marketplace stops seeing it: its open
// projects are paused (no expert's board offers them, no application is taken), its profile
// leaves the directory, search, the public page and the sitemap (it is unlisted the way an
// expert hides their own profile, so every listing query and its indexes stay as they are), and
// new invites and applications that would reach it are refused (lib/accounts/disabled-parties.ts). Each change is marked, so that
// enabling the account undoes exactly what disabling did and nothing the person chose themselves.
// Booked money is left alone for an admin to decide: the 7-day auto-complete skips engagements
// with a disabled party, and the admin sees what is open (openItemsOf).

/** Disabling: pauses the account's open projects and unlists its public profile, marking both. Returns the expert id whose public pages changed. */
export async function holdAccount(tx: Tx, userId: string, now: Date): Promise<string | null> {
  const open = await tx.project.findMany({ where: { clientUserId: userId, status: "open" }, select: { id: true, visibility: true } });
  for (const p of open) await closeOrMirror(tx, p.id, "paused", p.visibility, now, "");
  if (open.length) await tx.project.updateMany({ where: { id: { in: open.map((p) => p.id) } }, data: { pausedForDisabledAccount: true } });
  const expert = await tx.expert.findUnique({ where: { userId }, select: { id: true, isPublicProfile: true } });
  if (!expert?.isPublicProfile) return null;
  await tx.expert.update({ where: { id: expert.id }, data: { isPublicProfile: false, hiddenForDisabledAccount: true } });
  return expert.id;
}

/**
 * Enabling: reopens the projects disabling paused (those still paused and before their deadline;
 * the deadline job closes the others) and lists the profile again if disabling unlisted it.
 * Returns the expert id whose public pages changed.
 */
export async function releaseAccount(tx: Tx, userId: string, now: Date): Promise<string | null> {
  const paused = await tx.project.findMany({
    where: { clientUserId: userId, pausedForDisabledAccount: true },
    select: { id: true, status: true, visibility: true, deadline: true },
  });
  for (const p of paused) {
    if (p.status === "paused" && (!p.deadline || p.deadline > now)) await closeOrMirror(tx, p.id, "open", p.visibility, now, "");
  }
  if (paused.length)
    await tx.project.updateMany({ where: { id: { in: paused.map((p) => p.id) } }, data: { pausedForDisabledAccount: false } });
  const expert = await tx.expert.findUnique({ where: { userId }, select: { id: true, hiddenForDisabledAccount: true } });
  if (!expert?.hiddenForDisabledAccount) return null;
  await tx.expert.update({ where: { id: expert.id }, data: { isPublicProfile: true, hiddenForDisabledAccount: false } });
  return expert.id;
}

/** Engagements still under way: an answer, a session or its outcome is still to come. */
const OPEN_STATES: EngagementState[] = ["invited", "applied", "accepted", "scheduled"];
const OPEN_ENGAGEMENTS_SHOWN = 20;

export type AccountOpenItems = {
  engagements: {
    id: string;
    projectTitle: string;
    state: EngagementState;
    side: "client" | "expert";
    otherParty: string;
    sessionStartsAt: Date | null;
  }[];
  /** Engagements under way in all (the list shows the first OPEN_ENGAGEMENTS_SHOWN). */
  engagementCount: number;
  /** Earnings in quality review or dispute, as the expert's or the client's. */
  pendingEarnings: { count: number; cents: number };
  /** The expert's balance ready to cash out. */
  availableCents: number;
  payouts: { id: string; amountCents: number; status: PayoutStatus; createdAt: Date }[];
};

type EngagementRow = {
  id: string;
  state: EngagementState;
  clientUserId: string;
  project: { title: string };
  client: { firstName: string; lastName: string };
  expert: { user: { id: string; firstName: string; lastName: string } };
  session: { startsAt: Date } | null;
};

/**
 * What an admin should decide about before (or after) disabling accounts: each one's open
 * engagements, earnings not yet settled and payouts not yet paid. One query per kind for all the
 * accounts at once, so a page of disabled accounts costs what one does.
 */
export async function openItemsOfMany(userIds: string[]): Promise<Map<string, AccountOpenItems>> {
  const out = new Map<string, AccountOpenItems>(
    userIds.map((id) => [
      id,
      { engagements: [], engagementCount: 0, pendingEarnings: { count: 0, cents: 0 }, availableCents: 0, payouts: [] },
    ]),
  );
  if (!userIds.length) return out;
  const pendingStates = ["pending_qc", "disputed"] as const;
  const [engagements, asExpert, asClient, available, payouts] = await Promise.all([
    db().engagement.findMany({
      where: { state: { in: OPEN_STATES }, OR: [{ clientUserId: { in: userIds } }, { expert: { userId: { in: userIds } } }] },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: {
        id: true,
        state: true,
        clientUserId: true,
        project: { select: { title: true } },
        client: { select: { firstName: true, lastName: true } },
        expert: { select: { user: { select: { id: true, firstName: true, lastName: true } } } },
        session: { select: { startsAt: true } },
      },
    }),
    db().earning.groupBy({
      by: ["expertUserId"],
      where: { state: { in: [...pendingStates] }, expertUserId: { in: userIds } },
      _count: { _all: true },
      _sum: { amountCents: true },
    }),
    db().earning.groupBy({
      by: ["clientUserId"],
      where: { state: { in: [...pendingStates] }, clientUserId: { in: userIds } },
      _count: { _all: true },
      _sum: { amountCents: true },
    }),
    db().ledgerAccount.findMany({
      where: { ownerUserId: { in: userIds }, kind: "expert_available" },
      select: { ownerUserId: true, balanceCents: true },
    }),
    db().payout.findMany({
      where: { userId: { in: userIds }, status: { in: ["pending", "processing"] } },
      orderBy: { createdAt: "asc" },
      select: { id: true, userId: true, amountCents: true, status: true, createdAt: true },
    }),
  ]);
  const listEngagement = (items: AccountOpenItems, e: EngagementRow, side: "client" | "expert") => {
    items.engagementCount++;
    if (items.engagements.length >= OPEN_ENGAGEMENTS_SHOWN) return;
    const other = side === "client" ? e.expert.user : e.client;
    items.engagements.push({
      id: e.id,
      projectTitle: e.project.title,
      state: e.state,
      side,
      otherParty: `${other.firstName} ${other.lastName}`.trim(),
      sessionStartsAt: e.session?.startsAt ?? null,
    });
  };
  for (const e of engagements) {
    const asClientOf = out.get(e.clientUserId);
    if (asClientOf) listEngagement(asClientOf, e, "client");
    const asExpertOf = out.get(e.expert.user.id);
    if (asExpertOf) listEngagement(asExpertOf, e, "expert");
  }
  for (const g of asExpert) add(out.get(g.expertUserId), g);
  for (const g of asClient) add(out.get(g.clientUserId), g);
  for (const a of available) if (a.ownerUserId) out.get(a.ownerUserId)!.availableCents = a.balanceCents;
  for (const { userId, ...p } of payouts) out.get(userId)?.payouts.push(p);
  return out;
}

function add(items: AccountOpenItems | undefined, g: { _count: { _all: number }; _sum: { amountCents: number | null } }) {
  if (!items) return;
  items.pendingEarnings.count += g._count._all;
  items.pendingEarnings.cents += g._sum.amountCents ?? 0;
}

/** One account's open items (the disable confirmation shows them). */
export async function openItemsOf(userId: string): Promise<AccountOpenItems> {
  return (await openItemsOfMany([userId])).get(userId)!;
}
