import { z } from "zod";

/**
 * Keyset paging for lists shown newest first (createdAt descending, id ascending between equal
 * times): a page is found from the row at its edge, not by skipping rows, so the tenth page costs
 * what the first does and a row added meanwhile neither repeats nor hides one. The page's address
 * carries `after` (older rows) or `before` (newer rows) as an opaque token.
 */

export const ADMIN_PAGE_SIZE = 50;

export type Edge = { createdAt: Date; id: string };
export type PageRequest = { after?: string; before?: string };
export type Page<T> = { rows: T[]; after: string | null; before: string | null };

// Any UUID the database holds (seeded rows use name-based ones), in its text form.
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const edgeSchema = z.object({ createdAt: z.iso.datetime(), id: z.string().regex(uuidText) });

/** The token for the row at a page's edge. */
export function edgeToken(row: Edge): string {
  return Buffer.from(JSON.stringify({ createdAt: row.createdAt.toISOString(), id: row.id })).toString("base64url");
}

/** The edge a token names, or null for a token that was not made here (a hand-edited address starts again at the newest). */
export function readEdgeToken(token: string | undefined): Edge | null {
  if (!token || token.length > 200) return null;
  try {
    const parsed = edgeSchema.safeParse(JSON.parse(Buffer.from(token, "base64url").toString("utf8")));
    return parsed.success ? { createdAt: new Date(parsed.data.createdAt), id: parsed.data.id } : null;
  } catch {
    return null;
  }
}

type Order = { createdAt: "asc" | "desc" } | { id: "asc" | "desc" };
export type KeysetQuery = { where: object; orderBy: Order[]; take: number };

/**
 * One page of a newest-first list. `fetch` runs the caller's own query with `where` added to its
 * filter (AND) and the given order and size; it is asked for one row more than a page, which
 * says whether there is another page beyond.
 */
export async function newestFirstPage<T extends Edge>(
  request: PageRequest,
  fetch: (query: KeysetQuery) => Promise<T[]>,
  size: number = ADMIN_PAGE_SIZE,
): Promise<Page<T>> {
  const after = readEdgeToken(request.after);
  const before = after ? null : readEdgeToken(request.before);
  if (before) {
    // Newer rows: read upwards from the edge, then show them in the list's own order.
    const rows = await fetch({
      where: { OR: [{ createdAt: { gt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }] },
      orderBy: [{ createdAt: "asc" }, { id: "desc" }],
      take: size + 1,
    });
    const newerStill = rows.length > size;
    const shown = rows.slice(0, size).reverse();
    return {
      rows: shown,
      before: newerStill && shown.length ? edgeToken(shown[0]) : null,
      after: shown.length ? edgeToken(shown[shown.length - 1]) : null,
    };
  }
  const rows = await fetch({
    where: after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {},
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: size + 1,
  });
  const shown = rows.slice(0, size);
  return {
    rows: shown,
    after: rows.length > size ? edgeToken(shown[shown.length - 1]) : null,
    before: after && shown.length ? edgeToken(shown[0]) : null,
  };
}

/** The page a list's address asks for (`?after=` or `?before=`; anything else is the first page). */
export function pageRequestOf(params: Record<string, string | string[] | undefined>): PageRequest {
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  return { after: one(params.after), before: one(params.before) };
}
