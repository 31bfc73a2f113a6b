export const DASHBOARD_TABS = ["Overview", "Opportunities", "Wallet", "Impact", "Pulse", "Settings"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** "?tab=wallet" → "Wallet"; anything else → the first tab. */
export function tabFromQuery(tab: string | string[] | undefined): DashboardTab {
  const wanted = (Array.isArray(tab) ? tab[0] : tab)?.toLowerCase();
  return DASHBOARD_TABS.find((t) => t.toLowerCase() === wanted) ?? "Overview";
}

/** What a tab shows when its panel could not be loaded (the server action's failure, or no answer). */
export const TAB_LOAD_FAILED = "Failed to load this tab. Please reload the page.";
