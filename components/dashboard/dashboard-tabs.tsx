"use client";

import { useEffect, useState, type ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Skeleton } from "@/components/ui/skeleton";
import { DASHBOARD_TABS, TAB_LOAD_FAILED, type DashboardTab } from "@/components/dashboard/dashboard-tab-names";
import { loadDashboardPanelAction } from "@/app/dashboard/panel-action";

/**
 * The six dashboard tabs. The server renders the open tab's panel (`panel`); another tab's panel
 * is rendered on the server when it is first opened (loadDashboardPanelAction) and kept while the
 * page stays. The open tab lives in the URL (?tab=opportunities), so a reload or a link from a
 * notice opens the same one.
 */
export function DashboardTabs({ panel, initial = "Overview" }: { panel: ReactNode; initial?: DashboardTab }) {
  const [tab, setTab] = useState<DashboardTab>(initial);
  const [panels, setPanels] = useState<Partial<Record<DashboardTab, ReactNode>>>({ [initial]: panel });
  // A new server render (router.refresh() after an action) brings fresh data: panels loaded
  // earlier may be stale now, so they are dropped and loaded again when shown.
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

  const select = (value: string) => {
    setTab(value as DashboardTab);
    const url = new URL(window.location.href);
    if (value === "Overview") url.searchParams.delete("tab");
    else url.searchParams.set("tab", value.toLowerCase());
    // null, not window.history.state: Next.js ignores a replaceState carrying its own marker
    // (__NA), and the next router.refresh() (every engagement action) would put the old URL back.
    window.history.replaceState(null, "", url);
  };
  return (
    <Tabs value={tab} onValueChange={select} className="mt-8">
      <TabsList aria-label="Dashboard sections" className="w-full sm:w-fit">
        {DASHBOARD_TABS.map((t) => (
          <TabsTrigger key={t} value={t}>
            {t}
          </TabsTrigger>
        ))}
      </TabsList>
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
