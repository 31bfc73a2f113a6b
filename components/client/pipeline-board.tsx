import { ChevronRight } from "lucide-react";
import { ApproveResponsesButton } from "@/components/client/survey-review-actions";
import { BulkAccept } from "@/components/client/bulk-accept";
import { EngagementCard, type EngagementCardProps } from "@/components/client/engagement-card/engagement-card";
import { stateLabel } from "@/lib/engagements/states";
import { BULK_ACCEPT_MAX } from "@/lib/engagements/schemas/engagements";
import type { ColumnPages, PipelineEngagement, ProjectPipeline } from "@/lib/engagements/views";
import { PageLinks } from "@/components/ui/page-links";
import type { ProjectMoney } from "@/lib/money/funding";
import type { BonusView } from "@/lib/engagements/bonuses";
import type { EarningView } from "@/lib/money/earnings";
import type { ClientSideRatings } from "@/lib/experts/ratings";

export type PipelineBoardProps = {
  projectId: string;
  pipeline: ProjectPipeline;
  money: ProjectMoney;
  /** Applicants waiting: the number a Replace offers a freed place to. */
  applicants: number;
  zone: string;
  now: number;
  earnings: Map<string, EarningView>;
  bonuses: Map<string, BonusView[]>;
  ratings: Map<string, ClientSideRatings>;
  unread: Map<string, number>;
  /** The page each column is on (from the address), kept by the other columns' page links. */
  pages: ColumnPages;
};

/** The project's pipeline: a column per state that holds someone, then the screened-out applicants. */
export function PipelineBoard(props: PipelineBoardProps) {
  const { projectId, pipeline, money } = props;
  const { format } = pipeline;
  const { run, accept } = pipeline.abilities;
  const columns = pipeline.columns.filter((c) => c.state !== "screened_out");
  const filledColumns = columns.filter((c) => c.total > 0);
  const emptyColumns = columns.filter((c) => c.total === 0);
  const screenedOutColumn = pipeline.columns.find((c) => c.state === "screened_out");
  const screenedOut = screenedOutColumn?.engagements ?? [];
  const refusalOf = (e: PipelineEngagement) => (e.declinePayment ? null : (money.refusals[e.incentiveCents] ?? null));
  return (
    <>
      <h2 className="sr-only" id="pipeline-heading">
        Pipeline
      </h2>
      {/*
        The columns that hold someone, in a grid that wraps, so every one of them is on screen at
        laptop width without sideways scrolling; a column per row on phones. Empty columns fold
        into one line instead of a "None" section each.
      */}
      <div
        role="region"
        aria-labelledby="pipeline-heading"
        className="mt-6 grid gap-6 md:grid-cols-[repeat(auto-fill,minmax(17rem,1fr))] md:items-start"
        data-testid="pipeline"
      >
        {filledColumns.map((c) => (
          <section key={c.state} aria-labelledby={`column-${c.state}`} className="grid min-w-0 gap-3" data-testid={`column-${c.state}`}>
            <h3 id={`column-${c.state}`} className="flex items-center justify-between border-b pb-1 text-lg font-semibold">
              {stateLabel(c.state, format)}{" "}
              <span className="text-sm font-normal text-muted-foreground">
                {c.total}
                <span className="sr-only"> {c.total === 1 ? "expert" : "experts"}</span>
              </span>
            </h3>
            {run && c.state === "submitted" && c.engagements.length > 1 && (
              <ApproveResponsesButton engagementIds={c.engagements.map((e) => e.id)} label={`Approve all ${c.engagements.length}`} />
            )}
            {c.state === "applied" && accept && (
              <BulkAccept
                projectId={projectId}
                applicants={c.engagements
                  .slice(0, BULK_ACCEPT_MAX)
                  .map((e) => ({ engagementId: e.id, name: e.expert.name, refusal: refusalOf(e) }))}
              />
            )}
            <ul className="grid gap-3">
              {c.engagements.map((e) => (
                <li key={e.id}>
                  <EngagementCard {...cardProps(props, e)} unread={props.unread.get(e.id) ?? 0} acceptRefusal={refusalOf(e)} />
                </li>
              ))}
            </ul>
            <ColumnPageLinks {...props} column={c} />
          </section>
        ))}
        {filledColumns.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No experts yet. Invite experts from Find Experts, or wait for applications if the project is open.
          </p>
        )}
      </div>
      {emptyColumns.length > 0 && (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="empty-columns">
          <span className="font-medium text-foreground">No one yet:</span>{" "}
          {emptyColumns.map((c) => stateLabel(c.state, format)).join(" · ")}
        </p>
      )}
      <details className="group mt-8 rounded-lg border p-4" data-testid="column-screened_out">
        <summary className="flex cursor-pointer items-center gap-2 font-semibold focus-visible:outline-2 focus-visible:outline-ring">
          <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
          Screened out <span className="font-normal text-muted-foreground">({screenedOutColumn?.total ?? 0})</span>
        </summary>
        <p className="mt-2 text-sm text-muted-foreground">
          {format === "survey"
            ? "Experts your survey's own screener turned away, paid the screen-out pay you set, and applicants whose screener answers did not fit."
            : "Applicants whose screener answers did not fit. They were thanked and told the study is looking for a different profile."}
        </p>
        {screenedOut.length > 0 && (
          <ul className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
            {screenedOut.map((e) => (
              <li key={e.id}>
                <EngagementCard {...cardProps(props, e)} />
              </li>
            ))}
          </ul>
        )}
        {screenedOutColumn && <ColumnPageLinks {...props} column={screenedOutColumn} />}
      </details>
    </>
  );
}

/**
 * A column's Earlier / Later links, when it holds more than a page. Each keeps the other columns'
 * pages in the address, so paging one column leaves the rest where they were.
 */
function ColumnPageLinks({ projectId, pipeline, pages, column }: PipelineBoardProps & { column: ProjectPipeline["columns"][number] }) {
  if (column.state === "waitlisted") return null;
  const keep: Record<string, string | undefined> = {};
  for (const [state, page] of Object.entries(pages)) {
    if (state === column.state) continue;
    keep[`${state}After`] = page?.after;
    keep[`${state}Before`] = page?.before;
  }
  const label = stateLabel(column.state, pipeline.format);
  return (
    <PageLinks
      path={`/client/projects/${projectId}`}
      keep={keep}
      page={column}
      noun={`${label} experts`}
      prefix={column.state}
      fragment={`column-${column.state}`}
      labels={{ before: "Earlier", after: "Later" }}
    />
  );
}

/** What every card of the board gets: its engagement, its money and ratings, the reader's role. */
function cardProps(p: PipelineBoardProps, e: PipelineEngagement): EngagementCardProps {
  return {
    e,
    format: p.pipeline.format,
    zone: p.zone,
    now: p.now,
    earning: p.earnings.get(e.id) ?? null,
    bonuses: p.bonuses.get(e.id) ?? [],
    ratings: p.ratings.get(e.id) ?? null,
    waiting: p.applicants,
    run: p.pipeline.abilities.run,
  };
}
