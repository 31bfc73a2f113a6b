"use server";

import { headers } from "next/headers";
import { z } from "@/lib/platform/validation/zod";
import { defineAction } from "@/lib/accounts/action";
import { clientIp } from "@/lib/platform/request";
import { receiveContactMessage } from "@/lib/site/contact";
import { CONTACT_MESSAGES } from "@/lib/site/schemas/contact-rules";
import { parseContactFormData } from "@/lib/site/schemas/contact-form-data";

/** The contact form's action: the same checks and pipeline as POST /api/contact-form. */
export const sendContactMessageAction = defineAction(
  { schema: z.instanceof(FormData, { error: CONTACT_MESSAGES.failureDescription }), roles: null, failure: CONTACT_MESSAGES.failureDefault },
  async (form) => {
    const { fields, attachment } = await parseContactFormData(form);
    const { id } = await receiveContactMessage(fields, attachment, { ip: clientIp(await headers()) });
    return { id, message: CONTACT_MESSAGES.successDescription };
  },
);
