import Link from "next/link";
import { ChevronLeft, ChevronRight } from "@/components/ui/icons";
import { pageParamNames } from "@/lib/platform/keyset";

/**
 * Newer / Older links under a keyset-paged list, keeping the list's filters in the address. The
 * tokens come from the list's own page (lib/platform/keyset.ts). `query` is the list's search
 * (?q=); `keep` any other filters of the address (a tab, a format).
 */
export function PageLinks({
  path,
  query,
  keep,
  page,
  noun,
  labels,
  prefix,
  fragment,
}: {
  path: string;
  query?: string;
  keep?: Record<string, string | undefined>;
  page: { after: string | null; before: string | null };
  /** What the list holds, plural: "users" reads "Newer users" / "Older users". */
  noun: string;
  /** The links' words when the list is not newest first ("Sooner deadlines" / "Later deadlines"). */
  labels?: { before: string; after: string };
  /** For a page with two lists: each list's own token names (`<prefix>After`), so one list's page leaves the other's alone. */
  prefix?: string;
  /** The element the links lead back to (the list's heading), for a list lower down its page. */
  fragment?: string;
}) {
  if (!page.after && !page.before) return null;
  const kept = Object.fromEntries(Object.entries({ ...keep, q: query }).filter((e): e is [string, string] => Boolean(e[1])));
  const names = pageParamNames(prefix);
  const href = (edge: "after" | "before", token: string) =>
    `${path}?${new URLSearchParams({ ...kept, [names[edge]]: token })}${fragment ? `#${fragment}` : ""}`;
  return (
    <nav aria-label={`Pages of ${noun}`} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="page-links">
      {page.before ? (
        <Link href={href("before", page.before)} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
          <ChevronLeft aria-hidden="true" className="size-4" />
          {labels?.before ?? `Newer ${noun}`}
        </Link>
      ) : (
        <span />
      )}
      {page.after ? (
        <Link href={href("after", page.after)} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
          {labels?.after ?? `Older ${noun}`}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
