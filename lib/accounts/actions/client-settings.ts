"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { setClientTimeZone } from "@/lib/accounts/client-settings";
import { clientTimeZoneSchema } from "@/lib/accounts/schemas/time-zone";

// The client's own settings. defineAction checks the role and the zone's shape; the service
// stores it on the actor's own profile.

export const setClientTimeZoneAction = defineAction(
  { schema: clientTimeZoneSchema, roles: ["client", "admin"], failure: "Failed to save your time zone. Please try again." },
  async (input, actor) => {
    const result = await setClientTimeZone(actor, input.timeZone);
    // Every client page shows times; they all read the zone again.
    revalidatePath("/client", "layout");
    return result;
  },
);
