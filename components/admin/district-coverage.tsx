import type { DistrictCoverage, CoverageGap } from "@/lib/experts/district-coverage";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { DISTRICT_ENROLLMENT_BANDS, DISTRICT_LOCALE_GROUPS, DISTRICT_POVERTY_QUARTILES } from "@/lib/vocabulary/districts";

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** How many cells' gaps are listed before the rest are only counted (the grid below shows them all). */
const CELL_GAPS_SHOWN = 12;

function GapList({ gaps, testId }: { gaps: CoverageGap[]; testId: string }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm" data-testid={testId}>
      {gaps.map((g) => (
        <li key={g.text}>
          {g.text} <span className="text-muted-foreground">({count(g.districts, "district", "districts")})</span>
        </li>
      ))}
    </ul>
  );
}

/** The coverage summary, the gaps in words, and one grid per locale group (bands down, poverty quartiles across). */
export function DistrictCoverageView({ coverage }: { coverage: DistrictCoverage }) {
  const who = coverage.who.many;
  return (
    <div className="space-y-6">
      <p className="text-sm" data-testid="coverage-summary">
        {count(coverage.experts, `verified ${coverage.who.one} with a linked district`, `verified ${who} with a linked district`)} across{" "}
        {count(coverage.districts, "open district", "open districts")} on file
        {coverage.unplaced > 0
          ? ` (${count(coverage.unplaced, "district lacks", "districts lack")} a locale, enrollment or poverty value and sit in no cell)`
          : ""}
        . {count(coverage.approvedDistricts, "district has", "districts have")} approved at least one study through its research office (an
        approval not yet ended).
      </p>

      <section aria-labelledby="coverage-gaps-heading" className="space-y-3">
        <h2 id="coverage-gaps-heading" className="text-2xl font-semibold">
          Gaps
        </h2>
        {coverage.gaps.length ? (
          <GapList gaps={coverage.gaps} testId="coverage-gaps" />
        ) : (
          <p className="text-sm text-muted-foreground">Every locale group has {who} at every poverty level that has districts.</p>
        )}
        {coverage.cellGaps.length > 0 && (
          <>
            <h3 className="text-lg font-semibold">Empty cells, the most districts first</h3>
            <GapList gaps={coverage.cellGaps.slice(0, CELL_GAPS_SHOWN)} testId="coverage-cell-gaps" />
            {coverage.cellGaps.length > CELL_GAPS_SHOWN && (
              <p className="text-sm text-muted-foreground">
                and {count(coverage.cellGaps.length - CELL_GAPS_SHOWN, "more empty cell", "more empty cells")} in the grids below.
              </p>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="coverage-grid-heading" className="space-y-4">
        <h2 id="coverage-grid-heading" className="text-2xl font-semibold">
          By locale, enrollment and poverty
        </h2>
        <p className="text-sm text-muted-foreground">
          Each cell: {who} / districts, and the districts that approved a study. Cells with districts but no {who} yet are marked
          &ldquo;none yet&rdquo;.
        </p>
        {DISTRICT_LOCALE_GROUPS.map((locale) => (
          <Table key={locale.value} stacked data-testid={`coverage-${locale.value}`}>
            <TableCaption className="mb-2 mt-0 caption-top text-left text-base font-medium text-foreground">{locale.label}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Enrollment</TableHead>
                {DISTRICT_POVERTY_QUARTILES.map((q) => (
                  <TableHead key={q.value} scope="col" className="text-right">
                    {q.label}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {DISTRICT_ENROLLMENT_BANDS.map((band) => (
                <TableRow key={band.value}>
                  <TableHead scope="row" className="font-normal">
                    {band.label}
                  </TableHead>
                  {DISTRICT_POVERTY_QUARTILES.map((q) => {
                    const cell = coverage.cells.find(
                      (c) => c.localeGroup === locale.value && c.enrollmentBand === band.value && c.povertyQuartile === Number(q.value),
                    )!;
                    const gap = cell.districts > 0 && cell.experts === 0;
                    return (
                      <TableCell key={q.value} label={q.label} className={gap ? "bg-amber-50 text-right dark:bg-amber-950" : "text-right"}>
                        {cell.experts.toLocaleString("en-US")} / {cell.districts.toLocaleString("en-US")}
                        {gap ? <span className="ml-1 text-xs font-medium">none yet</span> : null}
                        {cell.approved > 0 ? (
                          <span className="block text-xs text-muted-foreground" data-testid="coverage-approved">
                            {count(cell.approved, "approved", "approved")}
                          </span>
                        ) : null}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ))}
      </section>
    </div>
  );
}
