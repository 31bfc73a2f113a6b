"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { removeShortlistAction } from "@/lib/projects/actions/projects";

export function RemoveShortlistButton({ expertId, expertName }: { expertId: string; expertName: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const remove = () =>
    startTransition(async () => {
      const result = await removeShortlistAction({ expertId });
      if (result.ok) {
        toast.success("Removed from Shortlist", { description: expertName });
        router.refresh();
      } else toast.error("Failed to remove from shortlist", { description: result.message });
    });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={pending} aria-busy={pending} aria-label={`Remove ${expertName} from shortlist`}>
          {pending ? <Spinner /> : <Trash2 aria-hidden="true" />} Remove
        </Button>
      }
      title={`Remove ${expertName} from your shortlist?`}
      description="They leave your shortlist and its export. Invitations you have already sent are not affected, and you can shortlist them again from Search Experts."
      confirmLabel="Remove from Shortlist"
      destructive
      onConfirm={remove}
    />
  );
}
