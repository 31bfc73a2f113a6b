"use client";

import type { ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { OPPORTUNITY_LISTS, projectKey, type OpportunityListName } from "@/components/dashboard/dashboard-tab-names";
import { openDashboardTab, useAddressed, useDashboardAddress } from "@/components/dashboard/use-dashboard-address";

/**
 * Open / Invited / Scheduled, chosen by the address: the list a linked item is in (a notice's
 * ?engagement=…, which finds the engagement wherever it is now, not where it was when the notice
 * went out), else the list named (?tab=invited), else Open. Choosing a list pushes its address.
 * `where` maps each engagement id (and projectKey of each study) to its list; the lists
 * themselves are rendered on the server.
 */
export function OpportunityListTabs({
  labels,
  where,
  lists,
}: {
  labels: Record<OpportunityListName, string>;
  where: Record<string, OpportunityListName>;
  lists: Record<OpportunityListName, ReactNode>;
}) {
  const { list, engagement, project } = useDashboardAddress();
  const linked = (engagement && where[engagement]) || (project && where[projectKey(project)]) || null;
  const [value, setValue] = useAddressed<OpportunityListName>(linked ?? list ?? "open");
  const choose = (v: string) => {
    setValue(v as OpportunityListName);
    openDashboardTab(v as OpportunityListName);
  };
  return (
    <Tabs value={value} onValueChange={choose} activationMode="manual">
      <TabsList aria-label="Opportunity lists">
        {OPPORTUNITY_LISTS.map((l) => (
          <TabsTrigger key={l} value={l}>
            {labels[l]}
          </TabsTrigger>
        ))}
      </TabsList>
      {OPPORTUNITY_LISTS.map((l) => (
        <TabsContent key={l} value={l} className="mt-3 space-y-3">
          {lists[l]}
        </TabsContent>
      ))}
    </Tabs>
  );
}
