"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Lock, Pause, Play } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { projectStatusAction } from "@/lib/projects/actions/projects";

type Status = "open" | "paused" | "closed";

const DONE: Record<Status, string> = { open: "Project reopened", paused: "Project paused", closed: "Project closed" };

/** Pause / Reopen, and Close (confirmed: it answers every waiting invite and application, for good). */
export function ProjectStatusControls({ projectId, status, waiting }: { projectId: string; status: Status; waiting: number }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  if (status === "closed") return null;
  const set = (next: Status) =>
    startTransition(async () => {
      const result = await projectStatusAction({ projectId, status: next });
      if (!result.ok) {
        toast.error("The project's status did not change", { description: result.message });
        return;
      }
      toast.success(DONE[next]);
      router.refresh();
    });
  return (
    <>
      {status === "open" ? (
        <Button variant="outline" disabled={pending} onClick={() => set("paused")}>
          {pending ? <Spinner /> : <Pause aria-hidden="true" />} Pause
        </Button>
      ) : (
        <Button variant="outline" disabled={pending} onClick={() => set("open")}>
          {pending ? <Spinner /> : <Play aria-hidden="true" />} Reopen
        </Button>
      )}
      <ConfirmDialog
        trigger={
          <Button variant="destructive" disabled={pending}>
            <Lock aria-hidden="true" /> Close
          </Button>
        }
        title="Close this project?"
        description={
          <>
            Closing declines every invite and application still waiting for an answer
            {waiting > 0 ? ` (${waiting} now)` : ""}, and the experts are told. Scheduled sessions carry on. This cannot be undone.
          </>
        }
        cancelLabel="Keep open"
        confirmLabel="Close project"
        destructive
        onConfirm={() => set("closed")}
      />
    </>
  );
}
