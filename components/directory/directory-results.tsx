import Link from "next/link";
import { LayoutGrid, List, SearchX } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ExpertResults } from "@/components/directory/expert-results";
import type { DirectoryExpert } from "@/lib/experts/views";
import type { ExistingEngagement } from "@/lib/projects/invite-choices";
import type { Recruiting } from "@/lib/projects/directory-page";
import { PaginationNav } from "@/components/directory/pagination-nav";
import { LoadErrorCard } from "@/components/directory/load-error-card";
import { totalPages } from "@/lib/experts/directory-pagination";
import {
  activeFilterCount,
  searchParamsFromFilters,
  type DirectoryFilters,
  type DirectoryVariant,
  type DirectoryView,
} from "@/lib/experts/schemas/directory";
import { cn } from "@/lib/platform/utils";
import { LinkPending } from "@/components/ui/link-pending";

type Props = {
  basePath: string;
  variant: DirectoryVariant;
  filters: DirectoryFilters;
  view: DirectoryView;
  result: { experts: DirectoryExpert[]; total: number; approximate?: boolean; pageSize: number } | { error: string };
  shortlisted: string[];
  recruit: boolean;
  engaged: Record<string, ExistingEngagement[]>;
  recruiting?: Recruiting | null;
};

/** What recruiting for a sample plan does to the order, in words. */
function RecruitingNote({ recruiting }: { recruiting: Recruiting }) {
  return (
    <p className="mb-4 rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="recruiting-note">
      Recruiting for <span className="font-medium">{recruiting.title}</span>:{" "}
      {recruiting.openCells === 0
        ? "every cell of its sample plan is full, so no one comes first."
        : `experts in its ${recruiting.openCells} open ${recruiting.openCells === 1 ? "cell" : "cells"} (of ${recruiting.cellCount}) come first.`}
      {recruiting.declined.length > 0 && (
        <span className="mt-1 block" data-testid="recruiting-declined">
          Left out: the staff of{" "}
          {recruiting.declined.map((d, i) => (
            <span key={d.name}>
              {i > 0 ? "; " : ""}
              {d.name}, whose research office declined this study (“{d.reason}”)
            </span>
          ))}
          .
        </span>
      )}
    </p>
  );
}

/** "12 experts found"; beyond what the page counts exactly, the estimate: "about 255,000 experts found". */
const foundLabel = ({ total, approximate }: { total: number; approximate?: boolean }) =>
  approximate ? `about ${total.toLocaleString("en-US")} experts found` : `${total} ${total === 1 ? "expert" : "experts"} found`;

/** The count, Cards/Table toggle, reset link, results, empty and error states, and paging. */
export function DirectoryResults({ basePath, variant, filters, view, result, shortlisted, recruit, engaged, recruiting }: Props) {
  const href = (changes: Partial<DirectoryFilters>, v: DirectoryView = view) => {
    const qs = searchParamsFromFilters({ ...filters, ...changes }, v).toString();
    return qs ? `${basePath}?${qs}` : basePath;
  };
  const clearHref = view === "table" ? `${basePath}?view=table` : basePath;
  const resetLabel = variant === "client" ? "Clear All Filters" : "Reset Filters";
  const hasFilters = activeFilterCount(filters) > 0;
  const toggle = (v: DirectoryView, label: string, Icon: typeof List) => (
    <Link
      href={href({ page: filters.page }, v)}
      aria-current={view === v ? "true" : undefined}
      className={cn(
        "inline-flex h-9 items-center gap-1.5 px-3 text-sm focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring",
        view === v ? "bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
      <LinkPending />
    </Link>
  );

  return (
    <section aria-labelledby="results-heading" className="min-w-0 flex-1">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite">
          {"error" in result ? "Experts" : foundLabel(result)}
        </h2>
        <div className="flex items-center gap-2">
          {hasFilters && (
            <Button asChild variant="ghost" size="sm">
              <Link href={clearHref}>{resetLabel}</Link>
            </Button>
          )}
          <div role="group" aria-label="View" className="inline-flex overflow-hidden rounded-md border">
            {toggle("cards", "Cards", LayoutGrid)}
            {toggle("table", "Table", List)}
          </div>
        </div>
      </div>
      {recruiting && !("error" in result) ? <RecruitingNote recruiting={recruiting} /> : null}
      {"error" in result ? (
        <LoadErrorCard message={result.error} />
      ) : result.experts.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="text-lg font-semibold">No experts found</p>
            <p className="text-sm text-muted-foreground">Try removing a filter or searching for something broader.</p>
            <Button asChild variant="outline">
              <Link href={clearHref}>Clear Filters</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <ExpertResults
            experts={result.experts}
            variant={variant}
            view={view}
            shortlisted={shortlisted}
            recruit={recruit}
            engaged={engaged}
            placement={recruiting?.experts}
          />
          <PaginationNav page={filters.page} pages={totalPages(result.total, result.pageSize)} hrefFor={(p) => href({ page: p })} />
        </>
      )}
    </section>
  );
}
