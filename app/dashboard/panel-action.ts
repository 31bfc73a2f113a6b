"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/action";
import { getDashboardHeader } from "@/lib/services/dashboard/overview";
import { DASHBOARD_TABS } from "@/components/dashboard/dashboard-tab-names";
import { renderDashboardPanel } from "@/app/dashboard/panels";

/**
 * A dashboard tab's panel, rendered on the server when the expert first opens it (the page
 * itself renders only the open tab). The same checks as every dashboard read: the expert role
 * here, then each service's permission check, scoped by the actor.
 */
export const loadDashboardPanelAction = defineAction(
  { schema: z.object({ tab: z.enum(DASHBOARD_TABS) }), roles: ["expert"], failure: "Failed to load this tab. Please reload the page.", readOnly: true },
  async ({ tab }, actor) => {
    const header = await getDashboardHeader(actor);
    return header.hasExpertProfile ? renderDashboardPanel(tab, actor, header) : null;
  },
);
