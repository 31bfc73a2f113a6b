import Link from "next/link";
import { ChevronLeft, ChevronRight } from "@/components/ui/icons";
import { pageItems } from "@/lib/experts/directory-pagination";
import { cn } from "@/lib/platform/utils";
import { LinkPending } from "@/components/ui/link-pending";

type Props = { page: number; pages: number; hrefFor: (page: number) => string };

const item =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring";

/** First, last and pages within 2 of the current one, as plain links: Back works. */
export function PaginationNav({ page, pages, hrefFor }: Props) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link className={item} href={hrefFor(page - 1)} aria-label="Previous page">
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
      {pageItems(page, pages).map((p) =>
        typeof p === "number" ? (
          <Link
            key={p}
            href={hrefFor(p)}
            aria-current={p === page ? "page" : undefined}
            aria-label={`Page ${p}`}
            className={cn(item, "gap-1", p === page && "border-primary bg-primary text-primary-foreground")}
          >
            {p}
            <LinkPending />
          </Link>
        ) : (
          <span key={p} className="px-2 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ),
      )}
      {page < pages ? (
        <Link className={item} href={hrefFor(page + 1)} aria-label="Next page">
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
