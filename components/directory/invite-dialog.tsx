"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { inviteProjectChoicesAction } from "@/lib/projects/actions/projects";
import { InviteForm } from "@/components/directory/invite-form";
import type { InviteChoice } from "@/lib/projects/invite-choices";

type Props = {
  expertId: string;
  expertName: string;
  label: string;
  variant?: "default" | "outline";
  size?: "sm" | "default" | "lg";
  className?: string;
};

/** Invites an expert to one of the client's open projects; the expert sees it under Invited. */
export function InviteDialog({ expertId, expertName, label, variant = "default", size = "sm", className }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant={variant}
          size={size}
          className={className}
          aria-label={label === "Send" ? `Send invite to ${expertName}` : undefined}
        >
          <Send aria-hidden="true" />
          {label}
          {/* A list of cards has one Invite per expert: each says whom to a screen reader. */}
          {label !== "Send" && <span className="sr-only">{label === "Invite" ? ` ${expertName}` : ` to ${expertName}`}</span>}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite {expertName}</DialogTitle>
          <DialogDescription>Choose one of your open projects. The expert sees the invitation on their dashboard.</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening: each one reads the choices afresh and starts from an empty message. */}
        {open && <InviteChoices expertId={expertId} expertName={expertName} close={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type Choices = { projects: InviteChoice[]; refusal: string | null };

/** The client's open projects for this expert, read at every opening: invites sent since (here or elsewhere) change what is allowed. */
function InviteChoices({ expertId, expertName, close }: { expertId: string; expertName: string; close: () => void }) {
  const [choices, setChoices] = useState<Choices | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void inviteProjectChoicesAction({ expertId }).then((result) => {
      if (!live) return;
      if (result.ok) setChoices(result.data);
      else setLoadError(result.message);
    });
    return () => {
      live = false;
    };
  }, [expertId]);

  if (choices && choices.projects.length > 0)
    return (
      <InviteForm expertId={expertId} expertName={expertName} projects={choices.projects} capRefusal={choices.refusal} close={close} />
    );
  return (
    <>
      {loadError ? (
        <p role="alert" className="text-sm text-destructive">
          {loadError}
        </p>
      ) : choices === null ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading your projects…
        </p>
      ) : (
        <p className="text-sm">
          You have no open projects yet.{" "}
          <Link className="font-medium text-primary underline" href="/client/dashboard#create-project">
            Create a project
          </Link>{" "}
          first.
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={close}>
          Cancel
        </Button>
      </DialogFooter>
    </>
  );
}
