"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { requestWorkEmail } from "@/lib/experts/work-email";
import { workEmailRequestSchema } from "@/lib/experts/schemas/work-email";

// Settings › School e-mail and onboarding's profile step: mails a confirmation link to the
// expert's school or district address. Nothing is stored on the profile until
// the link is followed.
export const requestWorkEmailAction = defineAction(
  { schema: workEmailRequestSchema, roles: ["expert" as const], failure: "Failed to send the confirmation e-mail. Please try again." },
  async (input, actor) => {
    const sent = await requestWorkEmail(actor, input.workEmail);
    revalidatePath("/dashboard");
    return { email: sent.email };
  },
);
