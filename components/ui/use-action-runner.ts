"use client";

import { useCallback, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { namesShownField } from "@/components/ui/refusal";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

/**
 * Runs a server action in a transition: the server's own message as an error toast, the success
 * words as a success toast and a refresh of the page's server data; `after` sees the result.
 * A refusal naming one of the `inline` fields is left to the form, which shows it beside that field.
 */
export function useActionRunner() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const run = useCallback(
    <T>(
      call: () => Promise<ActionResult<T>>,
      success: string | ((data: T) => string),
      after?: (ok: boolean, result: ActionResult<T>) => void,
      inline: readonly string[] = [],
    ) =>
      startTransition(async () => {
        const result = await call();
        if (!result.ok) {
          if (!namesShownField(result, inline)) toast.error("That did not work", { description: result.message });
        } else {
          toast.success(typeof success === "string" ? success : success(result.data));
          router.refresh();
        }
        after?.(result.ok, result);
      }),
    [router],
  );
  /** `run` as a promise of whether it worked: for a dialog that stays open until the server agreed. */
  const runUntilDone = useCallback(
    <T>(call: () => Promise<ActionResult<T>>, success: string | ((data: T) => string)) =>
      new Promise<boolean>((resolve) => run(call, success, (ok) => resolve(ok))),
    [run],
  );
  return { pending, run, runUntilDone };
}
