"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { MessagesSquare } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { OffPlatformWarning } from "@/components/engagements/off-platform-warning";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { MESSAGE_MAX } from "@/lib/engagements/message-rules";
import { sendToExpertsAction } from "@/lib/engagements/actions/messages";

/** The client writes one message to several of the project's experts: each gets their own copy in their own thread. */
export function MessageExpertsDialog({
  projectId,
  experts,
}: {
  projectId: string;
  experts: { engagementId: string; name: string; state: string }[];
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [body, setBody] = useState("");
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const id = useId();
  if (experts.length === 0) return null;
  const send = (confirmed: boolean) =>
    start(async () => {
      const result = await sendToExpertsAction({ projectId, engagementIds: [...chosen], body, confirmed });
      if (!result.ok) return setError(result.message);
      if (!result.data.sent) return setWarning(result.data.warning);
      toast.success("Messages sent", { description: `Each of the ${result.data.count} experts has it in their own conversation.` });
      setOpen(false);
      setBody("");
      setChosen(new Set());
      setWarning(null);
      router.refresh();
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <MessagesSquare aria-hidden="true" /> Message experts
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Message experts</DialogTitle>
          <DialogDescription>
            Each expert you choose gets the message in their own conversation; none sees who else was written to.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen.size === 0) return setError("Choose at least one expert");
            if (!body.trim()) return setError("Write a message first");
            setError(null);
            send(false);
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">To</legend>
            <div className="flex items-center gap-2">
              <input
                id={`${id}-all`}
                type="checkbox"
                className="size-4 accent-primary"
                checked={chosen.size === experts.length}
                onChange={(e) => setChosen(e.target.checked ? new Set(experts.map((x) => x.engagementId)) : new Set())}
              />
              <Label htmlFor={`${id}-all`}>Everyone ({experts.length})</Label>
            </div>
            {experts.map((x) => (
              <div key={x.engagementId} className="flex items-center gap-2">
                <input
                  id={`${id}-${x.engagementId}`}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen.has(x.engagementId)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(x.engagementId);
                    else next.delete(x.engagementId);
                    setChosen(next);
                  }}
                />
                <Label htmlFor={`${id}-${x.engagementId}`} className="font-normal">
                  {x.name} <span className="text-muted-foreground">· {x.state}</span>
                </Label>
              </div>
            ))}
          </fieldset>
          <Label htmlFor={`${id}-body`}>Message</Label>
          <Textarea
            id={`${id}-body`}
            value={body}
            rows={4}
            maxLength={MESSAGE_MAX}
            onChange={(e) => {
              setBody(e.target.value);
              setWarning(null);
              setError(null);
            }}
          />
          <FieldError id={`${id}-error`}>{error}</FieldError>
          {warning ? (
            <OffPlatformWarning warning={warning} pending={pending} onEdit={() => setWarning(null)} onSendAnyway={() => send(true)} />
          ) : (
            <div>
              <Button type="submit" disabled={pending}>
                {pending ? <Spinner /> : null} Send to {chosen.size} {chosen.size === 1 ? "expert" : "experts"}
              </Button>
            </div>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
