import Link from "next/link";
import { ChevronLeft, ChevronRight } from "lucide-react";

/**
 * Newer / Older links under a newest-first list, keeping the list's search in the address. The
 * tokens come from the list's own page (lib/platform/keyset.ts).
 */
export function PageLinks({
  path,
  query,
  page,
  noun,
}: {
  path: string;
  query?: string;
  page: { after: string | null; before: string | null };
  /** What the list holds, plural: "users" reads "Newer users" / "Older users". */
  noun: string;
}) {
  if (!page.after && !page.before) return null;
  const href = (edge: "after" | "before", token: string) =>
    `${path}?${new URLSearchParams({ ...(query ? { q: query } : {}), [edge]: token })}`;
  return (
    <nav aria-label={`Pages of ${noun}`} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="page-links">
      {page.before ? (
        <Link href={href("before", page.before)} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
          <ChevronLeft aria-hidden="true" className="size-4" />
          Newer {noun}
        </Link>
      ) : (
        <span />
      )}
      {page.after ? (
        <Link href={href("after", page.after)} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
          Older {noun}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
