export const DASHBOARD_TABS = ["Overview", "Opportunities", "Wallet", "Impact", "Pulse", "Settings"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The Opportunities card's three lists, each with its own address (?tab=invited). */
export const OPPORTUNITY_LISTS = ["open", "invited", "scheduled"] as const;
export type OpportunityListName = (typeof OPPORTUNITY_LISTS)[number];

/** How the Opportunities card's map of where each item is knows a study, for a new-study notice's ?project=…. */
export const projectKey = (projectId: string) => `project:${projectId}`;

const first = (v: string | string[] | null | undefined) => (Array.isArray(v) ? v[0] : v)?.toLowerCase();

/** "?tab=invited" → "invited"; any other value (Opportunities itself included) → null. */
export function listFromQuery(tab: string | string[] | null | undefined): OpportunityListName | null {
  const wanted = first(tab);
  return OPPORTUNITY_LISTS.find((l) => l === wanted) ?? null;
}

/** "?tab=wallet" → "Wallet"; a list of the Opportunities card ("?tab=invited") → "Opportunities"; anything else → the first tab. */
export function tabFromQuery(tab: string | string[] | null | undefined): DashboardTab {
  if (listFromQuery(tab)) return "Opportunities";
  const wanted = first(tab);
  return DASHBOARD_TABS.find((t) => t.toLowerCase() === wanted) ?? "Overview";
}

/**
 * The address of a tab or list: Overview is the bare /dashboard, the Open list is Opportunities'
 * own address, the other lists their name. `hash` lands on a section ("availability").
 */
export function dashboardHref(to: DashboardTab | OpportunityListName, opts: { engagement?: string; hash?: string } = {}): string {
  const tab = to === "Overview" ? null : to === "open" ? "opportunities" : to.toLowerCase();
  const query = new URLSearchParams();
  if (tab) query.set("tab", tab);
  if (opts.engagement) query.set("engagement", opts.engagement);
  const search = query.size ? `?${query}` : "";
  return `/dashboard${search}${opts.hash ? `#${opts.hash}` : ""}`;
}
