// Which district a school e-mail domain belongs to, by the district websites on file. Schools and
// mail servers sit on subdomains of the district's domain (mail.lusd.org, lincoln.lusd.org), and
// many districts still use the state K-12 namespace (lusd.k12.ca.us), so the address's domain and
// each parent domain are tried, longest first, but never the shared parents themselves (k12.ca.us,
// ca.us, org), which would tie every district under them.
import "server-only";
import { z } from "@/lib/platform/validation/zod";
import { db } from "@/lib/platform/db";
import type { DistrictStatus } from "@/lib/generated/prisma/client";
import { currentStatus, isOperating } from "./status";

/** `status` is the agency's status as the directory last reported it (its updated status when the file gives one). */
export type DistrictCandidate = { leaid: string; name: string; state: string; status: DistrictStatus | null };

/**
 * `unique`: exactly one open agency uses the domain. `ambiguous`: several open agencies share it.
 * `closed`: only agencies that are not open use it (closed, inactive, not yet open, or of unknown
 * status); a closed agency's lapsed domain may belong to anyone now. `none`: no website on file.
 */
export type DistrictDomainMatch =
  | { kind: "unique"; district: DistrictCandidate }
  | { kind: "ambiguous"; candidates: DistrictCandidate[] }
  | { kind: "closed"; candidates: DistrictCandidate[] }
  | { kind: "none" };

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((s) =>
    s
      .slice(s.lastIndexOf("@") + 1)
      .replace(/\.$/, "")
      .replace(/^www\./, ""),
  )
  .pipe(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/));

/** Parents too broad to name one district: a top-level domain, <st>.us and k12.<st>.us. */
function isSharedParent(domain: string): boolean {
  return !domain.includes(".") || /^(k12\.)?[a-z]{2}\.us$/.test(domain);
}

/** The domain and its parents down to (not including) a shared parent, longest first. */
export function domainCandidates(domain: string): string[] {
  const labels = domain.split(".");
  const out: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join(".");
    if (isSharedParent(candidate)) break;
    out.push(candidate);
  }
  return out;
}

export async function matchDistrictByDomain(rawDomain: string): Promise<DistrictDomainMatch> {
  const parsed = domainSchema.safeParse(rawDomain);
  if (!parsed.success) return { kind: "none" };
  const domain = parsed.data;
  const candidates = domainCandidates(domain);
  if (!candidates.length) return { kind: "none" };
  const rows = await db().district.findMany({
    where: { websiteDomain: { in: candidates } },
    select: { leaid: true, name: true, state: true, status: true, updatedStatus: true, websiteDomain: true },
    orderBy: { leaid: "asc" },
  });
  // The most specific domain on file wins: lincoln.lusd.org's own listing over lusd.org's.
  const best = candidates.find((c) => rows.some((r) => r.websiteDomain === c));
  if (!best) return { kind: "none" };
  const matched: DistrictCandidate[] = rows
    .filter((r) => r.websiteDomain === best)
    .map((r) => ({ leaid: r.leaid, name: r.name, state: r.state, status: currentStatus(r) }));
  // A closed agency that kept its old website does not compete with the open one using it now.
  const open = matched.filter((d) => isOperating(d.status));
  if (!open.length) return { kind: "closed", candidates: matched };
  return open.length === 1 ? { kind: "unique", district: open[0] } : { kind: "ambiguous", candidates: open };
}
