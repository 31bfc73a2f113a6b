"use client";

import { useEffect, useState, type ReactNode } from "react";
import { ScrollableTabsList, Tabs, TabsContent, TabsTrigger } from "@/components/ui/tabs";
import { Skeleton } from "@/components/ui/skeleton";
import { DASHBOARD_TABS, TAB_LOAD_FAILED, type DashboardTab } from "@/components/dashboard/dashboard-tab-names";
import { openDashboardTab, useAddressed, useDashboardAddress } from "@/components/dashboard/use-dashboard-address";
import { loadDashboardPanelAction } from "@/app/dashboard/panel-action";

/**
 * The six dashboard tabs. The server renders the panel of the tab in the address (`panel`, for
 * `initial`); another tab's panel is rendered on the server when it is first opened
 * (loadDashboardPanelAction) and kept while the page stays. The open tab is the address's
 * (?tab=wallet): choosing one pushes a history entry, so Back returns to the tab before, a
 * reload keeps it, and a link to another tab of this page (a notice in the bell) opens it.
 * Tabs are chosen with Enter or Space after the arrow keys, not by moving focus over them:
 * each choice is a history entry and may wait for the server.
 */
export function DashboardTabs({ panel, initial = "Overview" }: { panel: ReactNode; initial?: DashboardTab }) {
  const [tab, setTab] = useAddressed(useDashboardAddress().tab);
  const [panels, setPanels] = useState<Partial<Record<DashboardTab, ReactNode>>>({ [initial]: panel });
  // A new server render (a link to this page, router.refresh() after an action) brings fresh
  // data: panels loaded earlier may be stale now, so they are dropped and loaded again when shown.
  const [rendered, setRendered] = useState(panel);
  if (rendered !== panel) {
    setRendered(panel);
    setPanels({ [initial]: panel });
  }

  const missing = panels[tab] === undefined;
  useEffect(() => {
    if (!missing) return;
    let current = true;
    const show = (node: ReactNode) => current && setPanels((p) => ({ ...p, [tab]: node }));
    const failed = (message: string) => <p className="text-sm text-destructive">{message}</p>;
    loadDashboardPanelAction({ tab })
      .then((r) => show(r.ok ? r.data : failed(r.message)))
      .catch(() => show(failed(TAB_LOAD_FAILED)));
    return () => {
      current = false;
    };
  }, [tab, missing]);

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        setTab(value as DashboardTab);
        openDashboardTab(value as DashboardTab);
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
