"use server";

import { defineAction } from "@/lib/accounts/action";
import { listWorkEmailBadges } from "@/lib/experts/work-email";
import { workEmailBadgesSchema } from "@/lib/experts/schemas/work-email";

/** "School e-mail verified (2026–27)" badges for the cached profile's and directory's signed-in island (clients and admins only). */
export const workEmailBadgesAction = defineAction(
  { schema: workEmailBadgesSchema, roles: ["client", "admin"], failure: "Failed to load school e-mail badges", readOnly: true },
  async (input, actor) => listWorkEmailBadges(actor, input.expertIds),
);
