"use client";

import { useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { ScrollableTabsList, Tabs, TabsContent, TabsTrigger } from "@/components/ui/tabs";
import { Skeleton } from "@/components/ui/skeleton";
import { DASHBOARD_TABS, type DashboardTab } from "@/components/dashboard/dashboard-tab-names";
import { dashboardTabAddress, useAddressed, useDashboardAddress } from "@/components/dashboard/use-dashboard-address";

/**
 * The six dashboard tabs. The page renders the panel of the tab in its address (`panel`, for
 * `initial`) and nothing else; choosing another tab navigates to its address (?tab=wallet), so
 * the route renders that tab's panel. Choosing one is a history entry: Back returns to the tab
 * before, a reload keeps it, and a link to another tab of this page (a notice in the bell) opens
 * it. A panel seen earlier is shown again at once while its fresh render is on its way.
 * Tabs are chosen with Enter or Space after the arrow keys, not by moving focus over them:
 * each choice is a history entry and waits for the server.
 */
export function DashboardTabs({ panel, initial = "Overview" }: { panel: ReactNode; initial?: DashboardTab }) {
  const router = useRouter();
  const [, startNavigation] = useTransition();
  const [tab, setTab] = useAddressed(useDashboardAddress().tab);
  const [panels, setPanels] = useState<Partial<Record<DashboardTab, ReactNode>>>({ [initial]: panel });
  // Each server render (a tab chosen, a link, router.refresh() after an action) brings the open
  // tab's panel fresh; the others keep what they last showed until they are opened again.
  const [rendered, setRendered] = useState(panel);
  if (rendered !== panel) {
    setRendered(panel);
    setPanels((p) => ({ ...p, [initial]: panel }));
  }

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        const next = value as DashboardTab;
        setTab(next);
        startNavigation(() => router.push(dashboardTabAddress(next), { scroll: false }));
      }}
      activationMode="manual"
      className="mt-6 sm:mt-8"
    >
      <ScrollableTabsList aria-label="Dashboard sections">
        {DASHBOARD_TABS.map((t) => (
          <TabsTrigger key={t} value={t}>
            {t}
          </TabsTrigger>
        ))}
      </ScrollableTabsList>
      {DASHBOARD_TABS.map((t) => (
        <TabsContent key={t} value={t} className="mt-4 space-y-6">
          {panels[t] ?? (
            <div aria-busy="true" aria-label={`Loading ${t}`} className="grid gap-6 lg:grid-cols-2">
              <Skeleton className="h-64" />
              <Skeleton className="h-64" />
            </div>
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
