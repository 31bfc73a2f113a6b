import "server-only";
import { db } from "@/lib/platform/db";

// What the expert's cards need to know about each study's consent: whether the next step waits
// for a signature (a first one, or a new version's), the receipt of the newest signature, and
// whether they withdrew. Read in three queries for the whole board.

export type ConsentCardFacts = {
  /** "sign": the study has a consent form they have not signed; "renew": a newer version than the one they signed. */
  needed: "sign" | "renew" | null;
  /** Their newest signature on this study (the receipt), if any. */
  signatureId: string | null;
  withdrawn: boolean;
};

export async function consentCardFacts(
  expertId: string,
  places: { projectId: string; engagementId: string | null }[],
): Promise<Map<string, ConsentCardFacts>> {
  const projectIds = [...new Set(places.map((p) => p.projectId))];
  const engagementIds = places.flatMap((p) => (p.engagementId ? [p.engagementId] : []));
  if (projectIds.length === 0) return new Map();
  const [docs, signatures, withdrawals] = await Promise.all([
    db().studyDocument.findMany({
      where: { projectId: { in: projectIds }, kind: "consent" },
      distinct: ["projectId"],
      orderBy: [{ projectId: "asc" }, { version: "desc" }],
      select: { id: true, projectId: true },
    }),
    db().consentSignature.findMany({
      where: { expertId, projectId: { in: projectIds } },
      orderBy: { documentVersion: "desc" },
      select: { id: true, projectId: true, documentId: true },
    }),
    engagementIds.length
      ? db().consentWithdrawal.findMany({ where: { engagementId: { in: engagementIds } }, select: { engagementId: true } })
      : Promise.resolve([]),
  ]);
  const current = new Map(docs.map((d) => [d.projectId, d.id]));
  const withdrawn = new Set(withdrawals.map((w) => w.engagementId));
  const facts = new Map<string, ConsentCardFacts>();
  for (const { projectId, engagementId } of places) {
    const mine = signatures.filter((s) => s.projectId === projectId);
    const doc = current.get(projectId);
    const needed = !doc || mine.some((s) => s.documentId === doc) ? null : mine.length ? "renew" : "sign";
    if (!doc && mine.length === 0) continue;
    facts.set(projectId, {
      needed,
      signatureId: mine[0]?.id ?? null,
      withdrawn: !!engagementId && withdrawn.has(engagementId),
    });
  }
  return facts;
}
