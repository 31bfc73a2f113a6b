"use client";

import { useEffect, useId, useState, useTransition } from "react";
import Link from "next/link";
import { toast } from "sonner";
import { CircleAlert, Send, TriangleAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { useErrorFocus } from "@/components/ui/use-form-errors";
import { inviteProjectChoicesAction, sendInviteAction } from "@/lib/projects/actions/projects";
import { CONFLICT_NOTICE } from "@/lib/accounts/attestations";
import { InviteDistrictNote } from "@/components/directory/invite-district-note";
import { STATE_LABELS } from "@/lib/engagements/states";
import type { InviteChoice } from "@/lib/projects/invite-choices";

const OPTION_WORDS = { open: "open cell", full: "cell full" } as const;

/** Where the expert lands in the chosen project's sample plan, said before the invite goes. */
function PlanNote({ choice, expertName }: { choice: InviteChoice | undefined; expertName: string }) {
  const plan = choice?.plan;
  if (!plan || choice.engaged) return null;
  const cell = plan.cell ? ` (${plan.cell})` : "";
  return (
    <p className="text-sm text-muted-foreground" data-testid="invite-plan-note" data-standing={plan.standing}>
      {plan.standing === "open"
        ? `${expertName} is in an open cell of this project's sample plan${cell}.`
        : plan.standing === "full"
          ? `This project's sample plan already has the people it needs in ${expertName}'s cell${cell}: inviting them goes past its target.`
          : `This project's sample plan cannot place ${expertName}: their district is not verified by a school e-mail, or their role is outside the plan's groups.`}
    </p>
  );
}

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
  const [projects, setProjects] = useState<InviteChoice[] | null>(null);
  /** A cap that refuses any new invite to this expert now (their pause, their open invites, this account's recent invites). */
  const [capRefusal, setCapRefusal] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [projectId, setProjectId] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { ref: formRef, reportErrors, announcement } = useErrorFocus();
  /** Why the service refused (an invite cap, the expert's pause, a paused or closed project): shown as it says it. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The expert declared a relationship with this client's organization: the client confirms before inviting. */
  const [conflict, setConflict] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const ids = { project: useId(), message: useId(), error: useId(), cap: useId() };

  // Read afresh at every opening: invites sent since (here or elsewhere) change what is allowed.
  useEffect(() => {
    if (!open) return;
    let live = true;
    void inviteProjectChoicesAction({ expertId }).then((result) => {
      if (!live) return;
      if (result.ok) {
        setProjects(result.data.projects);
        setCapRefusal(result.data.refusal);
        setProjectId(result.data.projects.find((p) => !p.engaged)?.id ?? "");
      } else setLoadError(result.message);
    });
    return () => {
      live = false;
    };
  }, [open, expertId]);

  const invitable = projects?.filter((p) => !p.engaged) ?? [];
  const engaged = projects?.filter((p) => p.engaged) ?? [];
  const blocked = capRefusal !== null || invitable.length === 0;

  const submit = () =>
    startTransition(async () => {
      setError(null);
      setRefusal(null);
      const result = await sendInviteAction({ expertId, projectId, message: message || undefined, confirmConflict: conflict !== null });
      if (!result.ok) {
        const declared = result.fieldErrors?.confirmConflict?.[0];
        if (declared) {
          setConflict(declared);
          return;
        }
        const fieldError = result.fieldErrors?.projectId?.[0] ?? result.fieldErrors?.message?.[0];
        if (fieldError) setError(fieldError);
        else setRefusal(result.message);
        reportErrors(1);
        return;
      }
      toast.success("Invite Sent", {
        description: result.data.created ? `${expertName} has been invited.` : `${expertName} was already invited to this project.`,
      });
      setOpen(false);
      setMessage("");
      setConflict(null);
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setRefusal(null);
          setConflict(null);
          setProjects(null);
          setLoadError(null);
        }
        setOpen(next);
      }}
    >
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
        {loadError ? (
          <p role="alert" className="text-sm text-destructive">
            {loadError}
          </p>
        ) : projects === null ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading your projects…
          </p>
        ) : projects.length === 0 ? (
          <p className="text-sm">
            You have no open projects yet.{" "}
            <Link className="font-medium text-primary underline" href="/client/dashboard#create-project">
              Create a project
            </Link>{" "}
            first.
          </p>
        ) : (
          <form
            ref={formRef}
            id={`invite-${expertId}`}
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor={ids.project}>Project</Label>
              <NativeSelect
                id={ids.project}
                value={projectId}
                onChange={(e) => {
                  setProjectId(e.target.value);
                  setRefusal(null);
                }}
                aria-describedby={ids.error}
                aria-invalid={Boolean(error)}
              >
                {projects.map((p) => (
                  <option key={p.id} value={p.id} disabled={p.engaged !== null}>
                    {p.engaged
                      ? `${p.title} (${STATE_LABELS[p.engaged].toLowerCase()})`
                      : p.plan && p.plan.standing !== "outside"
                        ? `${p.title} (${OPTION_WORDS[p.plan.standing]})`
                        : p.title}
                  </option>
                ))}
              </NativeSelect>
              <PlanNote choice={projects.find((p) => p.id === projectId)} expertName={expertName} />
              <InviteDistrictNote choice={projects.find((p) => p.id === projectId)} />
              {engaged.length > 0 && (
                <p className="text-sm text-muted-foreground" data-testid="invite-already">
                  {expertName} is already in {engaged.map((p) => `${p.title} (${STATE_LABELS[p.engaged!].toLowerCase()})`).join(", ")}.
                  {invitable.length === 0
                    ? " Every one of your open projects has them: create another project to invite them again."
                    : null}
                </p>
              )}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.message}>Message (optional)</Label>
              <Textarea id={ids.message} value={message} maxLength={1000} onChange={(e) => setMessage(e.target.value)} />
            </div>
            <FieldError id={ids.error}>{error}</FieldError>
            {announcement}
            {conflict && (
              <Alert data-testid="invite-conflict">
                <TriangleAlert aria-hidden="true" />
                <AlertTitle>{CONFLICT_NOTICE}</AlertTitle>
                <AlertDescription>
                  <p>{conflict}</p>
                  <p>Invite them only if this relationship does not bias the research. The expert sees the same note.</p>
                </AlertDescription>
              </Alert>
            )}
            {capRefusal && (
              <Alert variant="destructive" id={ids.cap} data-testid="invite-cap">
                <CircleAlert aria-hidden="true" />
                <AlertTitle>You cannot invite {expertName} right now</AlertTitle>
                <AlertDescription>{capRefusal}</AlertDescription>
              </Alert>
            )}
            {refusal && (
              <Alert variant="destructive" data-testid="invite-refusal" tabIndex={-1} data-form-error>
                <CircleAlert aria-hidden="true" />
                <AlertTitle>The invite was not sent</AlertTitle>
                <AlertDescription>{refusal}</AlertDescription>
              </Alert>
            )}
          </form>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          {projects && projects.length > 0 && (
            <Button
              type="submit"
              form={`invite-${expertId}`}
              disabled={pending || !projectId || blocked}
              aria-describedby={capRefusal ? ids.cap : undefined}
            >
              {pending && <Spinner />} {conflict ? "Confirm and Send Invite" : "Send Invite"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
