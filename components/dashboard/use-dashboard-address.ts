"use client";

import { useState } from "react";
import { useSearchParams } from "next/navigation";
import {
  dashboardHref,
  listFromQuery,
  tabFromQuery,
  type DashboardTab,
  type OpportunityListName,
} from "@/components/dashboard/dashboard-tab-names";

/**
 * Where the dashboard is, read from its address: the tab, the Opportunities list (?tab=invited)
 * and the item a link points at (?engagement=… from a notice, ?project=… from a new-study
 * notice). The address is the only record of it, so a link followed from the page itself (the
 * bell, a notice, an Overview line) moves the tabs exactly as a fresh load of it would.
 */
export function useDashboardAddress() {
  const params = useSearchParams();
  const tab = params.get("tab");
  return { tab: tabFromQuery(tab), list: listFromQuery(tab), engagement: params.get("engagement"), project: params.get("project") };
}

/**
 * Opens a tab or list as a new history entry, so Back returns to the one before and a reload
 * keeps it. No server round trip: Next.js keeps its router (useSearchParams) in step with a
 * pushState whose state is null (it copies its own marker in; a state carrying that marker
 * already would be ignored and the next router.refresh() would put the old address back).
 */
export function openDashboardTab(to: DashboardTab | OpportunityListName) {
  const next = new URL(dashboardTabAddress(to), window.location.href);
  if (next.href !== window.location.href) window.history.pushState(null, "", next);
}

/** The address of a tab or list on the page's own path: /expert/dashboard shows the same dashboard and stays where it is. */
export function dashboardTabAddress(to: DashboardTab | OpportunityListName): string {
  const next = new URL(dashboardHref(to), window.location.href);
  return `${window.location.pathname}${next.search}`;
}

/**
 * A choice that follows the address: taken from it whenever it changes (Back, a link, a reload),
 * and set at once when the page itself makes the choice, since the address reaches
 * useSearchParams through the router a moment after the click.
 */
export function useAddressed<T>(fromAddress: T): [T, (value: T) => void] {
  const [value, setValue] = useState(fromAddress);
  const [seen, setSeen] = useState(fromAddress);
  if (seen !== fromAddress) {
    setSeen(fromAddress);
    setValue(fromAddress);
  }
  return [value, setValue];
}
