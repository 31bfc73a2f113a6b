"use client";

import { useId, useState, useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { controlProps, Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { Spinner } from "@/components/ui/spinner";
import { useFormErrors } from "@/components/ui/use-form-errors";
import { sendInviteAction } from "@/lib/projects/actions/projects";
import { InviteDistrictNote } from "@/components/directory/invite-district-note";
import { AlreadyEngagedNote, CapNote, ConflictNote, PlanNote, RefusalNote } from "@/components/directory/invite-notes";
import { STATE_LABELS } from "@/lib/engagements/states";
import type { InviteChoice } from "@/lib/projects/invite-choices";

const OPTION_WORDS = { open: "open cell", full: "cell full" } as const;
const FIELDS = ["projectId", "message"] as const;

type Props = {
  expertId: string;
  expertName: string;
  projects: InviteChoice[];
  /** A cap that refuses any new invite to this expert now: the form shows it and cannot be sent. */
  capRefusal: string | null;
  close: () => void;
};

/** The project and an optional message; the server's refusal shows beside its field or as it says it. */
export function InviteForm({ expertId, expertName, projects, capRefusal, close }: Props) {
  const [projectId, setProjectId] = useState(() => projects.find((p) => !p.engaged)?.id ?? "");
  const [message, setMessage] = useState("");
  const { form: formRef, errors, message: refusal, show, clear, announcement } = useFormErrors(FIELDS);
  /** The expert declared a relationship with this client's organization: the client confirms before inviting. */
  const [conflict, setConflict] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const ids = { form: useId(), project: useId(), message: useId(), cap: useId() };

  const invitable = projects.filter((p) => !p.engaged);
  const engaged = projects.filter((p) => p.engaged);
  const choice = projects.find((p) => p.id === projectId);

  const submit = () =>
    startTransition(async () => {
      clear();
      const result = await sendInviteAction({ expertId, projectId, message: message || undefined, confirmConflict: conflict !== null });
      if (!result.ok) {
        const declared = result.fieldErrors?.confirmConflict?.[0];
        if (declared) setConflict(declared);
        else show(result);
        return;
      }
      toast.success("Invite Sent", {
        description: result.data.created ? `${expertName} has been invited.` : `${expertName} was already invited to this project.`,
      });
      close();
    });

  return (
    <>
      <form
        ref={formRef}
        id={ids.form}
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field id={ids.project} label="Project" error={errors.projectId}>
          <NativeSelect
            value={projectId}
            onChange={(e) => {
              setProjectId(e.target.value);
              clear();
            }}
            {...controlProps(ids.project, errors.projectId)}
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
          <PlanNote choice={choice} expertName={expertName} />
          <InviteDistrictNote choice={choice} />
          <AlreadyEngagedNote engaged={engaged} expertName={expertName} noneLeft={invitable.length === 0} />
        </Field>
        <Field id={ids.message} label="Message (optional)" error={errors.message}>
          <Textarea
            value={message}
            maxLength={1000}
            onChange={(e) => setMessage(e.target.value)}
            {...controlProps(ids.message, errors.message)}
          />
        </Field>
        {announcement}
        {conflict && <ConflictNote conflict={conflict} />}
        {capRefusal && <CapNote id={ids.cap} expertName={expertName} refusal={capRefusal} />}
        {refusal && <RefusalNote refusal={refusal} />}
      </form>
      <DialogFooter>
        <Button variant="outline" onClick={close}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={ids.form}
          disabled={pending || !projectId || capRefusal !== null || invitable.length === 0}
          aria-describedby={capRefusal ? ids.cap : undefined}
        >
          {pending && <Spinner />} {conflict ? "Confirm and Send Invite" : "Send Invite"}
        </Button>
      </DialogFooter>
    </>
  );
}
