import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { ConflictDeclarations } from "@/lib/experts/schemas/conflicts";

// Conflict-of-interest declarations. An expert declares their employer and the
// vendors or products they have a financial relationship with; an invite or an application
// checks the client's organization and e-mail domain against them. A match does not forbid the
// engagement: the client confirms it, and both sides see which relationship matched.

/** Words that say what kind of company it is, not which one ("Acme, Inc." is "acme"). */
const SUFFIXES = new Set([
  "the",
  "inc",
  "incorporated",
  "llc",
  "llp",
  "corp",
  "corporation",
  "co",
  "ltd",
  "limited",
  "company",
  "plc",
  "gmbh",
]);

/** Lowercased, punctuation and company suffixes stripped: "The Acme Co., Inc." → "acme". */
export function normalizeOrgName(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((w) => w && !SUFFIXES.has(w))
    .join(" ");
}

/**
 * Equal, or one contains the other as whole words when the shorter has at least 4 characters
 * ("acme" matches "acme learning"; "math" does not match "mathematica", and "co" never matches).
 */
export function namesMatch(a: string, b: string): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && ` ${long} `.includes(` ${short} `);
}

/** The client's e-mail domain is the declared domain or one of its subdomains. */
export function domainMatches(clientDomain: string | null, declared: string | null): boolean {
  if (!clientDomain || !declared) return false;
  const c = clientDomain.toLowerCase();
  const d = declared.toLowerCase();
  return c === d || c.endsWith(`.${d}`);
}

export type ClientFacts = { organization: string | null; emailDomain: string | null };
export type ConflictMatch = { kind: "employer" | "vendor"; name: string; domain: string | null; by: "name" | "domain" };

/** The client's organization (its name, else what they typed at sign-up) and the domain of their sign-in e-mail. */
export async function clientFacts(tx: Tx, clientUserId: string): Promise<ClientFacts> {
  const user = await tx.user.findUnique({
    where: { id: clientUserId },
    select: {
      email: true,
      clientProfile: { select: { organization: true } },
      membership: { select: { organization: { select: { name: true } } } },
    },
  });
  const emailDomain = user?.email.split("@")[1]?.toLowerCase() ?? null;
  return { organization: user?.membership?.organization.name ?? user?.clientProfile?.organization ?? null, emailDomain };
}

/** The expert's declared relationships (and employer) that match this client, employer first. */
export async function declaredConflicts(tx: Tx, expertId: string, client: ClientFacts): Promise<ConflictMatch[]> {
  const expert = await tx.expert.findUnique({
    where: { id: expertId },
    select: {
      employerName: true,
      employerDomain: true,
      declaredRelationships: { select: { name: true, normalizedName: true, domain: true }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!expert) return [];
  const org = client.organization ? normalizeOrgName(client.organization) : "";
  const declared = [
    ...(expert.employerName || expert.employerDomain
      ? [
          {
            kind: "employer" as const,
            name: expert.employerName ?? expert.employerDomain!,
            normalizedName: normalizeOrgName(expert.employerName ?? ""),
            domain: expert.employerDomain,
          },
        ]
      : []),
    ...expert.declaredRelationships.map((r) => ({ kind: "vendor" as const, ...r })),
  ];
  const matches: ConflictMatch[] = [];
  for (const d of declared) {
    const by = namesMatch(org, d.normalizedName) ? "name" : domainMatches(client.emailDomain, d.domain) ? "domain" : null;
    if (by) matches.push({ kind: d.kind, name: d.name, domain: d.domain, by });
  }
  return matches;
}

/** The words both sides read on the engagement, e.g. "Declared vendor relationship: Acme Learning (acme.com)". */
export function conflictNote(matches: ConflictMatch[]): string | null {
  if (matches.length === 0) return null;
  return matches
    .map(
      (m) =>
        `${m.kind === "employer" ? "Declared employer" : "Declared vendor relationship"}: ${m.name}${m.domain ? ` (${m.domain})` : ""}`,
    )
    .join("; ")
    .slice(0, 1000);
}

export type ConflictDeclarationsView = {
  employerName: string | null;
  employerDomain: string | null;
  purchaseInfluence: "low" | "medium" | "high" | null;
  relationships: { name: string; domain: string | null }[];
};

async function ownExpertId(tx: Tx, actor: Actor) {
  const expert = await tx.expert.findUnique({ where: { userId: actor.userId }, select: { id: true } });
  if (!expert) throw new AppError("NOT_FOUND", "Expert profile not found.");
  return expert.id;
}

export async function getConflictDeclarations(actor: Actor | null): Promise<ConflictDeclarationsView> {
  requirePermission(actor, "update:expert:own");
  const expert = await db().expert.findUnique({
    where: { userId: actor.userId },
    select: {
      employerName: true,
      employerDomain: true,
      purchaseInfluence: true,
      declaredRelationships: { select: { name: true, domain: true }, orderBy: [{ createdAt: "asc" }, { name: "asc" }] },
    },
  });
  if (!expert) throw new AppError("NOT_FOUND", "Expert profile not found.");
  return {
    employerName: expert.employerName,
    employerDomain: expert.employerDomain,
    purchaseInfluence: expert.purchaseInfluence,
    relationships: expert.declaredRelationships,
  };
}

/** Saves the expert's employer and replaces their whole list of vendors and products. */
export async function saveConflictDeclarations(actor: Actor | null, input: ConflictDeclarations): Promise<ConflictDeclarationsView> {
  requirePermission(actor, "update:expert:own");
  // The same vendor twice (by its normalised name) is kept once.
  const seen = new Set<string>();
  const relationships = input.relationships.filter((r) => {
    const key = normalizeOrgName(r.name) || r.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const purchaseInfluence = await db().$transaction(async (tx) => {
    const expertId = await ownExpertId(tx, actor);
    const saved = await tx.expert.update({
      where: { id: expertId },
      data: {
        employerName: input.employerName,
        employerDomain: input.employerDomain,
        ...(input.purchaseInfluence !== undefined ? { purchaseInfluence: input.purchaseInfluence } : {}),
      },
      select: { purchaseInfluence: true },
    });
    await tx.declaredRelationship.deleteMany({ where: { expertId } });
    if (relationships.length) {
      await tx.declaredRelationship.createMany({
        data: relationships.map((r) => ({ expertId, name: r.name, normalizedName: normalizeOrgName(r.name), domain: r.domain })),
      });
    }
    return saved.purchaseInfluence;
  });
  return {
    employerName: input.employerName,
    employerDomain: input.employerDomain,
    purchaseInfluence,
    relationships: relationships.map((r) => ({ name: r.name, domain: r.domain })),
  };
}

/** Whether the expert chose to take part unpaid in any engagement (their public profile says so). */
export async function participatesUnpaid(expertId: string): Promise<boolean> {
  return (await db().engagement.count({ where: { expertId, declinePayment: true } })) > 0;
}
