"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { removeShortlistAction } from "@/app/client/actions";

export function RemoveShortlistButton({ expertId, expertName }: { expertId: string; expertName: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={pending}
      aria-label={`Remove ${expertName} from shortlist`}
      onClick={() =>
        startTransition(async () => {
          const result = await removeShortlistAction({ expertId });
          if (result.ok) {
            toast.success("Removed from Shortlist", { description: expertName });
            router.refresh();
          } else toast.error("Failed to remove from shortlist", { description: result.message });
        })
      }
    >
      <Trash2 aria-hidden="true" /> Remove
    </Button>
  );
}
