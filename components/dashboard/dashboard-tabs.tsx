"use client";

import type { ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

const TABS = ["Overview", "Opportunities", "Wallet", "Impact", "Pulse", "Settings"] as const;
export type DashboardTab = (typeof TABS)[number];

/** The six dashboard tabs; each panel is rendered on the server and handed in. */
export function DashboardTabs({ panels }: { panels: Record<DashboardTab, ReactNode> }) {
  return (
    <Tabs defaultValue="Overview" className="mt-8">
      <TabsList aria-label="Dashboard sections" className="w-full sm:w-fit">
        {TABS.map((t) => (
          <TabsTrigger key={t} value={t}>
            {t}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((t) => (
        <TabsContent key={t} value={t} className="mt-4 space-y-6">
          {panels[t]}
        </TabsContent>
      ))}
    </Tabs>
  );
}
