import { z } from "@/lib/platform/validation/zod";

// What the text-message settings accept. The number is checked again (and normalised to E.164)
// by the service; here only its size and the consent box.

export const startSmsSchema = z.object({
  phone: z.string().trim().min(1, "Enter your mobile number").max(40, "Enter your mobile number"),
  consent: z.literal(true, { error: "Tick the box to agree to text messages" }),
});

export const confirmSmsSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6 digits from the text"),
});
