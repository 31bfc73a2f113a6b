import "server-only";
import { db } from "@/lib/platform/db";
import { districtStandings, isReachable, type DistrictStanding } from "@/lib/districts/approval-gate";
import { districtValue, type CellValues, type SampleDimension } from "@/lib/samples/cells";

// Which of the study's target districts sit in each cell of its sample plan, and whether each is
// open to the study (the approval gate's answer): a cell can only fill from districts that let
// the study reach their staff. A plan over role alone puts every district in every cell.

export type CellDistrict = { leaid: string; name: string; open: boolean; words: string };

const WORDS: Record<DistrictStanding["kind"], string> = {
  no_district: "",
  approved: "approved",
  not_needed: "no approval needed",
  not_required: "no approval required",
  unknown: "policy not on file",
  declined: "declined",
  awaiting: "awaiting approval",
};

const wordsOf = (s: DistrictStanding) =>
  s.kind === "approved" && s.until ? `approved until ${s.until}` : s.kind === "awaiting" && s.expired ? "approval expired" : WORDS[s.kind];

/** Each cell's target districts (by the cell's key), open ones first, with the number that approved. */
export async function districtsByCell(
  projectId: string,
  dimensions: readonly SampleDimension[],
  cells: readonly { key: string; values: CellValues }[],
  now: Date = new Date(),
): Promise<Map<string, { districts: CellDistrict[]; approved: number }>> {
  const rows = await db().projectDistrictApproval.findMany({ where: { projectId }, select: { leaid: true } });
  const out = new Map(cells.map((c) => [c.key, { districts: [] as CellDistrict[], approved: 0 }]));
  if (rows.length === 0) return out;
  const leaids = rows.map((r) => r.leaid);
  const facts = await db().district.findMany({
    where: { leaid: { in: leaids } },
    select: { leaid: true, name: true, localeGroup: true, enrollmentBand: true, povertyQuartile: true, state: true },
  });
  const standings = await districtStandings(db(), projectId, leaids, now);
  const placed = dimensions.filter((d) => d !== "role");
  for (const cell of cells) {
    const here = facts.filter((d) => placed.every((dim) => districtValue(d, dim) === cell.values[dim]));
    const entry = out.get(cell.key)!;
    for (const d of here) {
      const s = standings.get(d.leaid)!;
      entry.districts.push({ leaid: d.leaid, name: d.name, open: isReachable(s), words: wordsOf(s) });
      if (s.kind === "approved") entry.approved++;
    }
    entry.districts.sort((a, b) => Number(b.open) - Number(a.open) || a.name.localeCompare(b.name));
  }
  return out;
}
