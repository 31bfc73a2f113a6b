"use server";

import { z } from "zod";
import { defineAction } from "@/lib/accounts/action";
import { mustAcceptPolicies } from "@/lib/accounts/session";
import { AppError } from "@/lib/platform/errors";
import { getDashboardHeader } from "@/lib/experts/dashboard/overview";
import { DASHBOARD_TABS, TAB_LOAD_FAILED } from "@/components/dashboard/dashboard-tab-names";
import { renderDashboardPanel } from "@/app/dashboard/panels";

const POLICIES_FIRST = "Please review and accept the updated policies first. Reload the page to see them.";

/**
 * A dashboard tab's panel, rendered on the server when the expert first opens it (the page
 * itself renders only the open tab). The same checks as the page: the expert role, the updated
 * policies accepted (the page would send them to accept first), then each service's permission
 * check, scoped by the actor.
 */
export const loadDashboardPanelAction = defineAction(
  { schema: z.object({ tab: z.enum(DASHBOARD_TABS) }), roles: ["expert"], failure: TAB_LOAD_FAILED, readOnly: true },
  async ({ tab }, actor) => {
    if (await mustAcceptPolicies(actor)) throw new AppError("FORBIDDEN", POLICIES_FIRST);
    const header = await getDashboardHeader(actor);
    return header.hasExpertProfile ? renderDashboardPanel(tab, actor, header) : null;
  },
);
