import "server-only";
import { z } from "@/lib/platform/validation/zod";
import { db } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OpportunityType } from "@/lib/generated/prisma/enums";
import { keysetPage, type KeysetQuery, type PageRequest } from "@/lib/platform/keyset";
import type { StudyFormat } from "@/lib/vocabulary/studies";

/**
 * The studies an expert may apply to (the Open list), a page at a time by deadline, soonest
 * first: each page is read from the study at its edge, so the board costs the same with ten open
 * studies or ten thousand. The expert narrows it by words of the title or by format; both stay in
 * the address with the page.
 */

export const OPEN_BOARD_PAGE_SIZE = 25;

const TYPES_OF: Record<StudyFormat, OpportunityType[]> = {
  interview: ["interview", "other"],
  survey: ["survey"],
  focus_group: ["focus_group"],
};

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** The Open list's filters from the address; a value that is not one of them is no filter. */
export const openBoardFiltersSchema = z.object({
  q: z.preprocess(one, z.string().trim().max(100).optional()).catch(undefined),
  format: z.preprocess(one, z.enum(["interview", "survey", "focus_group"]).optional()).catch(undefined),
  project: z.preprocess(one, z.uuid().optional()).catch(undefined),
});
export type OpenBoardFilters = z.infer<typeof openBoardFiltersSchema>;

/** What every open study offered to this expert meets, before the expert's own filters. */
export function openStudyWhere(expertId: string, now: Date): Prisma.OpportunityWhereInput {
  return {
    status: "open",
    deadline: { gt: now },
    project: { status: "open", visibility: "open", engagements: { none: { expertId } } },
  };
}

const wordsOf = (filters: OpenBoardFilters) => (filters.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

/** Whether one of the expert's own applications meets the Open list's filters, by the same rule as the query's. */
export function meetsOpenFilters(item: { title: string; opportunityType: string }, filters: OpenBoardFilters): boolean {
  const title = item.title.toLowerCase();
  return (
    wordsOf(filters).every((w) => title.includes(w)) &&
    (!filters.format || (TYPES_OF[filters.format] as string[]).includes(item.opportunityType))
  );
}

function filteredWhere(expertId: string, now: Date, filters: OpenBoardFilters): Prisma.OpportunityWhereInput {
  const words = wordsOf(filters);
  return {
    AND: [
      openStudyWhere(expertId, now),
      ...words.map((w) => ({ title: { contains: w, mode: "insensitive" as const } })),
      filters.format ? { opportunityType: { in: TYPES_OF[filters.format] } } : {},
    ],
  };
}

/**
 * One page of the Open list with its total. `read` runs the caller's select on the where, order
 * and size given. A study a notice links to (?project=…) is shown on the first page even when the
 * deadline order would put it further down, so the link lands on it.
 */
export async function openStudiesPage<T extends { id: string; projectId: string | null; deadline: Date | null }>(
  expertId: string,
  now: Date,
  filters: OpenBoardFilters,
  page: PageRequest,
  read: (query: KeysetQuery) => Promise<T[]>,
): Promise<{ rows: T[]; total: number; after: string | null; before: string | null }> {
  const where = filteredWhere(expertId, now, filters);
  const [found, total] = await Promise.all([
    keysetPage(
      page,
      (keyset) => read({ ...keyset, where: { AND: [where, keyset.where] } }),
      { key: "deadline", direction: "asc" },
      OPEN_BOARD_PAGE_SIZE,
    ),
    db().opportunity.count({ where }),
  ]);
  const firstPage = !found.before;
  if (filters.project && firstPage && !found.rows.some((r) => r.projectId === filters.project)) {
    const linked = await read({ where: { AND: [openStudyWhere(expertId, now), { projectId: filters.project }] }, orderBy: [], take: 1 });
    return { ...found, rows: [...linked, ...found.rows], total };
  }
  return { ...found, total };
}
