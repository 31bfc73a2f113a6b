import { beforeAll, describe, expect, it } from "vitest";
import { actorFor, createExpert } from "@/tests/factories";
import { createStudy } from "@/tests/studies";
import { applyToOpportunity } from "@/lib/engagements/transitions";
import { listOpportunityBoard } from "@/lib/engagements/views";
import { OPEN_BOARD_PAGE_SIZE, openBoardFiltersSchema } from "@/lib/engagements/open-board";
import type { Actor } from "@/lib/accounts/actor";

// The expert's Open list shows a page of open studies at a time, soonest deadline first, found
// from the study at the page's edge; the title search and the format stay with the page.

const MORE = OPEN_BOARD_PAGE_SIZE + 2;
let expert: Actor;
let titlesByDeadline: string[];
let lastProjectId: string;
let surveyTitle: string;

const titlesOf = (items: { title: string }[]) => items.map((i) => i.title);

beforeAll(async () => {
  const { user } = await createExpert();
  expert = actorFor(user, ["expert"]);
  // A client may open only so many studies to everyone a day: one client each. Deadlines 2..15 days out, two studies on most days: ties are ordered by id.
  const made = [];
  for (let i = 0; i < MORE; i++) {
    made.push(await createStudy({ title: `Paging study ${i}`, deadlineDays: 2 + Math.floor(i / 2) }));
  }
  const other = await createStudy({ title: "Reading survey elsewhere", type: "survey", deadlineDays: 3 });
  surveyTitle = other.opportunity.title;
  const ordered = [...made.map((m) => m.opportunity), other.opportunity].sort(
    (a, b) => a.deadline!.getTime() - b.deadline!.getTime() || a.id.localeCompare(b.id),
  );
  titlesByDeadline = ordered.map((o) => o.title);
  lastProjectId = made[made.length - 1].project.id;
}, 120_000);

describe("the expert's Open list, a page at a time", () => {
  it("shows a page of the soonest deadlines, and the next page follows it with no study twice or missed", async () => {
    const first = await listOpportunityBoard(expert);
    expect(first.open).toHaveLength(OPEN_BOARD_PAGE_SIZE);
    expect(first.openPage).toMatchObject({ total: MORE + 1, before: null });
    expect(titlesOf(first.open)).toEqual(titlesByDeadline.slice(0, OPEN_BOARD_PAGE_SIZE));
    const second = await listOpportunityBoard(expert, new Date(), { page: { after: first.openPage!.after! } });
    expect(titlesOf(second.open)).toEqual(titlesByDeadline.slice(OPEN_BOARD_PAGE_SIZE));
    expect(second.openPage!.after).toBeNull();
    // Back from the second page: the first again.
    const back = await listOpportunityBoard(expert, new Date(), { page: { before: second.openPage!.before! } });
    expect(titlesOf(back.open)).toEqual(titlesOf(first.open));
    expect(back.openPage!.before).toBeNull();
  });

  it("keeps the title search and the format across pages", async () => {
    const filters = openBoardFiltersSchema.parse({ q: "paging  STUDY", format: "interview" });
    const first = await listOpportunityBoard(expert, new Date(), { filters });
    expect(first.openPage!.total).toBe(MORE);
    expect(titlesOf(first.open)).not.toContain(surveyTitle);
    const second = await listOpportunityBoard(expert, new Date(), { filters, page: { after: first.openPage!.after! } });
    expect([...titlesOf(first.open), ...titlesOf(second.open)].sort()).toEqual(titlesByDeadline.filter((t) => t !== surveyTitle).sort());
    const surveys = await listOpportunityBoard(expert, new Date(), { filters: openBoardFiltersSchema.parse({ format: "survey" }) });
    expect(titlesOf(surveys.open)).toEqual([surveyTitle]);
    expect(surveys.openPage).toMatchObject({ total: 1, after: null, before: null });
  });

  it("reads a hand-edited page token or filter as no filter on the first page, never as an error", async () => {
    const filters = openBoardFiltersSchema.parse({ q: ["a", "b"], format: "webinar", project: "not-a-uuid", after: "x" });
    expect(filters).toEqual({ q: "a", format: undefined, project: undefined });
    const garbled = await listOpportunityBoard(expert, new Date(), { page: { after: "%%%", before: "'; DROP TABLE opportunities; --" } });
    expect(titlesOf(garbled.open)).toEqual(titlesByDeadline.slice(0, OPEN_BOARD_PAGE_SIZE));
    const long = openBoardFiltersSchema.parse({ q: "x".repeat(500) });
    expect(long.q).toBeUndefined();
  });

  it("shows a study a notice links to on the first page, though its deadline is further down", async () => {
    const linked = await listOpportunityBoard(expert, new Date(), { filters: { project: lastProjectId } });
    expect(linked.open[0].projectId).toBe(lastProjectId);
    expect(linked.open).toHaveLength(OPEN_BOARD_PAGE_SIZE + 1);
  });

  it("puts the expert's own applications on the first page only, counted with the list", async () => {
    const { user } = await createExpert();
    const applicant = actorFor(user, ["expert"]);
    const before = await listOpportunityBoard(applicant);
    const latest = before.open[before.open.length - 1];
    await applyToOpportunity(applicant, { opportunityId: latest.id, outsideActivityConfirmed: true });
    const first = await listOpportunityBoard(applicant);
    expect(first.open[0]).toMatchObject({ id: latest.id, state: "applied" });
    expect(first.openPage!.total).toBe(MORE + 1);
    const second = await listOpportunityBoard(applicant, new Date(), { page: { after: first.openPage!.after! } });
    expect(second.open.map((o) => o.id)).not.toContain(latest.id);
    const all = [...first.open, ...second.open].map((o) => o.id);
    expect(new Set(all).size).toBe(MORE + 1);
  });
});
