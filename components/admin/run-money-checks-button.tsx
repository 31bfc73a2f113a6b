"use client";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { runMoneyChecksAction } from "@/lib/money/actions/invariants";

/** Runs every money check now; the page then shows this run. Nothing is changed, so nothing is asked first. */
export function RunMoneyChecksButton() {
  const { pending, run } = useActionRunner();
  return (
    <Button disabled={pending} onClick={() => run(() => runMoneyChecksAction({}), "The money checks ran")}>
      {pending && <Spinner />} Run the checks now
    </Button>
  );
}
