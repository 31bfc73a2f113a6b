"use client";

import { toast } from "sonner";

type Refusal = { message: string; fieldErrors?: Record<string, string[]> };

/** Whether a refusal names one of the fields a form shows its errors beside. */
export const namesShownField = (refusal: Refusal, shown: readonly string[]) => shown.some((field) => refusal.fieldErrors?.[field]?.length);

/**
 * Says a refusal once: beside the fields it names, when the form shows one of them, or else as
 * an error toast. A message both inline and in a toast is read twice by a screen reader and
 * makes people look in two places.
 */
export function announceRefusal(
  refusal: Refusal,
  title: string,
  shown: readonly string[],
  showInline: (errors: Record<string, string[]>) => void,
) {
  showInline(refusal.fieldErrors ?? {});
  if (!namesShownField(refusal, shown)) toast.error(title, { description: refusal.message });
}
