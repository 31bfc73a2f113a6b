import { z } from "@/lib/platform/validation/zod";

/**
 * Keyset paging: a page is found from the row at its edge, not by skipping rows, so the tenth
 * page costs what the first does and a row added meanwhile neither repeats nor hides one. A list
 * is ordered by one time column (newest first by `createdAt`, or soonest first by a deadline) with
 * the id breaking ties; the page's address carries `after` (further down the list) or `before`
 * (back up it) as an opaque token naming the edge row.
 */

export const ADMIN_PAGE_SIZE = 50;

export type Edge = { createdAt: Date; id: string };
export type PageRequest = { after?: string; before?: string };
export type Page<T> = { rows: T[]; after: string | null; before: string | null };

// Any UUID the database holds (seeded rows use name-based ones), in its text form.
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const edgeSchema = z.object({ createdAt: z.iso.datetime(), id: z.string().regex(uuidText) });

/** The token for the row at a page's edge (`createdAt` holds the list's order value, whichever column that is). */
export function edgeToken(row: Edge): string {
  return Buffer.from(JSON.stringify({ createdAt: row.createdAt.toISOString(), id: row.id })).toString("base64url");
}

/** The edge a token names, or null for a token that was not made here (a hand-edited address starts again at the first page). */
export function readEdgeToken(token: string | undefined): Edge | null {
  if (!token || token.length > 200) return null;
  try {
    const parsed = edgeSchema.safeParse(JSON.parse(Buffer.from(token, "base64url").toString("utf8")));
    return parsed.success ? { createdAt: new Date(parsed.data.createdAt), id: parsed.data.id } : null;
  } catch {
    return null;
  }
}

type Direction = "asc" | "desc";
/** How a list is ordered: by one time column, newest (`desc`) or soonest (`asc`) first; ties by id ascending. */
export type Ordering<K extends string> = { key: K; direction: Direction };
export type KeysetQuery = { where: object; orderBy: Record<string, Direction>[]; take: number };

const flip = (d: Direction): Direction => (d === "asc" ? "desc" : "asc");

/** Rows past `edge` when reading the list in `direction` on `key` (ties by id in `idDirection`). */
function beyond(key: string, direction: Direction, idDirection: Direction, edge: Edge): object {
  const past = direction === "desc" ? "lt" : "gt";
  const pastId = idDirection === "desc" ? "lt" : "gt";
  return { OR: [{ [key]: { [past]: edge.createdAt } }, { [key]: edge.createdAt, id: { [pastId]: edge.id } }] };
}

/**
 * One page of a list in `order`. `fetch` runs the caller's own query with `where` added to its
 * filter (AND) and the given order and size; it is asked for one row more than a page, which
 * says whether there is another page beyond.
 */
export async function keysetPage<K extends string, T extends { id: string } & Record<K, Date | null>>(
  request: PageRequest,
  fetch: (query: KeysetQuery) => Promise<T[]>,
  order: Ordering<K>,
  size: number = ADMIN_PAGE_SIZE,
): Promise<Page<T>> {
  const { key, direction } = order;
  const edgeOf = (row: T) => edgeToken({ createdAt: row[key] ?? new Date(0), id: row.id });
  const after = readEdgeToken(request.after);
  const before = after ? null : readEdgeToken(request.before);
  if (before) {
    // Back up the list: read the other way from the edge, then show the rows in the list's own order.
    const rows = await fetch({
      where: beyond(key, flip(direction), "desc", before),
      orderBy: [{ [key]: flip(direction) }, { id: "desc" }],
      take: size + 1,
    });
    const furtherStill = rows.length > size;
    const shown = rows.slice(0, size).reverse();
    return {
      rows: shown,
      before: furtherStill && shown.length ? edgeOf(shown[0]) : null,
      after: shown.length ? edgeOf(shown[shown.length - 1]) : null,
    };
  }
  const rows = await fetch({
    where: after ? beyond(key, direction, "asc", after) : {},
    orderBy: [{ [key]: direction }, { id: "asc" }],
    take: size + 1,
  });
  const shown = rows.slice(0, size);
  return {
    rows: shown,
    after: rows.length > size ? edgeOf(shown[shown.length - 1]) : null,
    before: after && shown.length ? edgeOf(shown[0]) : null,
  };
}

/**
 * The same page query on another table whose order column has another name (a list merged from
 * two tables: earnings by `earnedAt`, bonuses by `createdAt`). Only field names change; values
 * (dates, ids) are kept as they are.
 */
export function keysetOnColumn(query: KeysetQuery, from: string, to: string): KeysetQuery {
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === from ? to : k, rename(v)]));
    return value;
  };
  return { where: rename(query.where) as object, orderBy: rename(query.orderBy) as KeysetQuery["orderBy"], take: query.take };
}

/**
 * Sorts rows merged from several tables as one keyset query ordered them (its `orderBy`: the
 * order column, then the id), so the merged page is the first `take` of the merged list.
 */
export function inKeysetOrder<T extends { id: string }>(rows: T[], query: KeysetQuery, valueOf: (row: T) => Date): T[] {
  const [byKey, byId] = query.orderBy;
  const keyDirection = Object.values(byKey)[0] === "desc" ? -1 : 1;
  const idDirection = Object.values(byId ?? { id: "asc" })[0] === "desc" ? -1 : 1;
  // PostgreSQL orders UUIDs by their bytes, which is the order of their lower-case text.
  return [...rows]
    .sort((a, b) => {
      const d = valueOf(a).getTime() - valueOf(b).getTime();
      if (d !== 0) return d * keyDirection;
      return (a.id.toLowerCase() < b.id.toLowerCase() ? -1 : a.id.toLowerCase() > b.id.toLowerCase() ? 1 : 0) * idDirection;
    })
    .slice(0, query.take);
}

/** One page of a newest-first list (createdAt descending). */
export function newestFirstPage<T extends Edge>(
  request: PageRequest,
  fetch: (query: KeysetQuery) => Promise<T[]>,
  size: number = ADMIN_PAGE_SIZE,
): Promise<Page<T>> {
  return keysetPage(request, fetch, { key: "createdAt", direction: "desc" }, size);
}

/**
 * The page a list's address asks for (`?after=` or `?before=`; anything else is the first page).
 * A page with two lists gives each its own names with a `prefix` (`?reportedAfter=`).
 */
export function pageRequestOf(params: Record<string, string | string[] | undefined>, prefix = ""): PageRequest {
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  const names = pageParamNames(prefix);
  return { after: one(params[names.after]), before: one(params[names.before]) };
}

/** The address parameters of a list's page tokens: `after` and `before`, or `<prefix>After` and `<prefix>Before`. */
export function pageParamNames(prefix = ""): { after: string; before: string } {
  return prefix ? { after: `${prefix}After`, before: `${prefix}Before` } : { after: "after", before: "before" };
}
