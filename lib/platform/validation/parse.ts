import type { z } from "./zod";
import { AppError } from "@/lib/platform/errors";
import { fieldErrorsOf } from "./issues";

/**
 * For services that other code calls directly (not only through an action): the same schema the
 * form and the action use, refused as a 400 with the first message and every field's messages.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid input.", fieldErrorsOf(parsed.error));
  return parsed.data;
}
