import { DirectoryFilters } from "@/components/directory/directory-filters";
import { DirectoryResults } from "@/components/directory/directory-results";
import { DirectoryNavigation, DirectoryResultsFrame } from "@/components/directory/directory-navigation";
import type { DirectoryExpert } from "@/lib/experts/views";
import type { ExistingEngagement } from "@/lib/projects/invite-choices";
import type { PlanChoice, Recruiting } from "@/lib/projects/directory-page";
import {
  searchParamsFromFilters,
  type DirectoryFilters as Filters,
  type DirectoryVariant,
  type DirectoryView,
} from "@/lib/experts/schemas/directory";

type Props = {
  basePath: string;
  variant: DirectoryVariant;
  filters: Filters;
  view: DirectoryView;
  isAdmin: boolean;
  result: { experts: DirectoryExpert[]; total: number; approximate?: boolean; pageSize: number } | { error: string };
  shortlisted: string[];
  /** Whether the cards offer Shortlist and Invite (a role that may run projects). */
  recruit: boolean;
  engaged: Record<string, ExistingEngagement[]>;
  /** The client's open projects with a sample plan, to recruit for. */
  plans?: PlanChoice[];
  recruiting?: Recruiting | null;
};

/** Filter panel beside the results; the panel is keyed by the URL so Back resets its inputs. */
export function DirectoryPage(props: Props) {
  return (
    <DirectoryNavigation>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <aside aria-label="Filters" className="w-full shrink-0 rounded-lg border bg-card p-4 lg:sticky lg:top-4 lg:w-72">
          <DirectoryFilters
            key={searchParamsFromFilters(props.filters, props.view).toString()}
            filters={props.filters}
            view={props.view}
            variant={props.variant}
            isAdmin={props.isAdmin}
            plans={props.plans ?? []}
          />
        </aside>
        <DirectoryResultsFrame>
          <DirectoryResults
            basePath={props.basePath}
            variant={props.variant}
            filters={props.filters}
            view={props.view}
            result={props.result}
            shortlisted={props.shortlisted}
            recruit={props.recruit}
            engaged={props.engaged}
            recruiting={props.recruiting}
          />
        </DirectoryResultsFrame>
      </div>
    </DirectoryNavigation>
  );
}
