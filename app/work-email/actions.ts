"use server";

import { defineAction } from "@/lib/actions/action";
import { listWorkEmailBadges } from "@/lib/services/work-email";
import { workEmailBadgesSchema } from "@/lib/validation/work-email";

/** "School e-mail verified (2026–27)" badges for the cached profile's and directory's signed-in island (clients and admins only). */
export const workEmailBadgesAction = defineAction(
  { schema: workEmailBadgesSchema, roles: ["client", "admin"], failure: "Failed to load school e-mail badges", readOnly: true },
  async (input, actor) => listWorkEmailBadges(actor, input.expertIds),
);
