"use client";

import { useState, useTransition } from "react";
import { toast } from "sonner";
import { Bookmark, BookmarkCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { shortlistExpertAction } from "@/lib/projects/actions/projects";

type Props = {
  expertId: string;
  expertName: string;
  shortlisted: boolean;
  toastTitle: "Shortlisted" | "Added to Shortlist";
  size?: "sm" | "default";
};

/** Stores a shortlist entry (twice is fine) and confirms with a toast ("Shortlisted" or "Added to Shortlist"). */
export function ShortlistButton({ expertId, expertName, shortlisted, toastTitle, size = "sm" }: Props) {
  const [done, setDone] = useState(shortlisted);
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="outline"
      size={size}
      disabled={pending}
      aria-pressed={done}
      aria-label={`${done ? "Shortlisted" : "Shortlist"} ${expertName}`}
      onClick={() =>
        startTransition(async () => {
          const result = await shortlistExpertAction({ expertId });
          if (result.ok) {
            setDone(true);
            toast.success(toastTitle, { description: `${expertName} is on your shortlist.` });
          } else {
            toast.error("Failed to add to shortlist", { description: result.message });
          }
        })
      }
    >
      {done ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
      {done ? "Shortlisted" : "Shortlist"}
    </Button>
  );
}
