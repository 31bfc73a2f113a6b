"use client";

import type { ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DASHBOARD_TABS, type DashboardTab } from "@/components/dashboard/dashboard-tab-names";


/**
 * The six dashboard tabs; each panel is rendered on the server and handed in. The open tab lives
 * in the URL (?tab=opportunities), so a reload or a link from a notice opens the same one.
 */
export function DashboardTabs({ panels, initial = "Overview" }: { panels: Record<DashboardTab, ReactNode>; initial?: DashboardTab }) {
  const remember = (value: string) => {
    const url = new URL(window.location.href);
    if (value === "Overview") url.searchParams.delete("tab");
    else url.searchParams.set("tab", value.toLowerCase());
    // null, not window.history.state: Next.js ignores a replaceState carrying its own marker
    // (__NA), and the next router.refresh() (every engagement action) would put the old URL back.
    window.history.replaceState(null, "", url);
  };
  return (
    <Tabs defaultValue={initial} onValueChange={remember} className="mt-8">
      <TabsList aria-label="Dashboard sections" className="w-full sm:w-fit">
        {DASHBOARD_TABS.map((t) => (
          <TabsTrigger key={t} value={t}>
            {t}
          </TabsTrigger>
        ))}
      </TabsList>
      {DASHBOARD_TABS.map((t) => (
        <TabsContent key={t} value={t} className="mt-4 space-y-6">
          {panels[t]}
        </TabsContent>
      ))}
    </Tabs>
  );
}
