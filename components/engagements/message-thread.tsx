"use client";

import { Fragment, useEffect, useId, useRef, useState, useTransition } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { toast } from "sonner";
import { CheckCircle2, Flag, MessagesSquare, Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { OffPlatformWarning } from "@/components/engagements/off-platform-warning";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/platform/format";
import { MESSAGE_MAX, THREAD_PARAM } from "@/lib/engagements/message-rules";
import { readThreadAction, reportMessageAction, sendMessageAction } from "@/lib/engagements/actions/messages";
import type { ThreadView } from "@/lib/engagements/messages";

// An engagement's conversation in a dialog, from either side's card: the thread (read when it
// opens), a message box with the off-platform warning to confirm, and Report on the other side's
// messages. Links in messages open only as https links, in a new tab, marked as user content.

const URL_PART = /(https:\/\/[^\s<>"]+)/g;

/** The message text with its https links clickable; everything else as plain text. */
function MessageText({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-line">
      {text.split(URL_PART).map((part, i) =>
        i % 2 === 1 ? (
          <a
            key={i}
            href={part}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="text-primary underline underline-offset-4"
          >
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

function ReportForm({ messageId, onDone }: { messageId: string; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const id = useId();
  return (
    <form
      className="mt-2 grid gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        start(async () => {
          const result = await reportMessageAction({ messageId, reason });
          if (!result.ok) return setError(result.fieldErrors?.reason?.[0] ?? result.message);
          toast.success("Reported", { description: "Our team will look at this conversation." });
          onDone();
        });
      }}
    >
      <Label htmlFor={id}>What is wrong with this message?</Label>
      <Textarea id={id} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} aria-invalid={Boolean(error)} />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <div>
        <Button type="submit" size="sm" variant="outline" disabled={pending}>
          {pending ? <Spinner /> : <Flag aria-hidden="true" />} Send report
        </Button>
      </div>
    </form>
  );
}

export function MessageThreadButton({
  engagementId,
  otherName,
  unread,
  timeZone,
}: {
  engagementId: string;
  otherName: string;
  unread: number;
  /** The reader's zone: message times are written in it, named. */
  timeZone: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [thread, setThread] = useState<ThreadView | null>(null);
  const [body, setBody] = useState("");
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  // "Message sent" beside the button until the next keystroke: on a phone the new message lands
  // in the list above, out of sight, so the button's own line says it went.
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) sentRef.current?.scrollIntoView({ block: "nearest" });
  }, [sent]);
  const [loading, startLoading] = useTransition();
  const [sending, startSending] = useTransition();
  const id = useId();

  const load = () =>
    startLoading(async () => {
      const result = await readThreadAction({ engagementId });
      if (result.ok) setThread(result.data);
      else setError(result.message);
    });

  // A message notice links here with ?thread=<this engagement>: the conversation opens on arrival,
  // or when the notice is followed from this same page, and the parameter leaves the address so
  // a reload after closing it does not open it again.
  const asked = useSearchParams().get(THREAD_PARAM) === engagementId;
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!asked || url.searchParams.get(THREAD_PARAM) !== engagementId) return;
    url.searchParams.delete(THREAD_PARAM);
    window.history.replaceState(window.history.state, "", url);
    // After this render (the address is the external system read here); a development double
    // run finds the parameter gone and opens nothing more.
    setTimeout(() => {
      setOpen(true);
      load();
    }, 0);
    // Only when the address asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);

  const send = (confirmed: boolean) =>
    startSending(async () => {
      const result = await sendMessageAction({ engagementId, body, confirmed });
      if (!result.ok) return setError(result.fieldErrors?.body?.[0] ?? result.message);
      if (!result.data.sent) return setWarning(result.data.warning);
      setBody("");
      setWarning(null);
      setError(null);
      setSent(true);
      load();
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) load();
        else {
          setWarning(null);
          setReporting(null);
          setSent(false);
          // The unread badges and the notifications menu catch up with what was read.
          router.refresh();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="messages-button">
          <MessagesSquare aria-hidden="true" /> Messages
          {unread > 0 && (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground" data-testid="unread-messages">
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
          <span className="sr-only"> with {otherName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Messages with {otherName}</DialogTitle>
          <DialogDescription>
            {thread?.projectTitle ? `${thread.projectTitle}. ` : ""}Keep contact and payment on K12 Experts: your e-mail address is never
            shared here.
          </DialogDescription>
        </DialogHeader>
        {loading && !thread ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading messages…
          </p>
        ) : thread && thread.messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">No messages yet. Ask about timing, the agenda or anything you need to take part.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Messages" data-testid="message-list">
            {thread?.messages.map((m) => (
              <li key={m.id} className={`grid gap-1 rounded-md border p-3 ${m.mine ? "bg-muted/40" : ""}`} data-testid="message">
                <p className="text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{m.mine ? "You" : m.senderName}</span> ·{" "}
                  <time dateTime={new Date(m.at).toISOString()}>{formatDateTime(m.at, timeZone, { weekday: true })}</time>
                </p>
                <MessageText text={m.body} />
                {!m.mine &&
                  (reporting === m.id ? (
                    <ReportForm messageId={m.id} onDone={() => setReporting(null)} />
                  ) : (
                    <div>
                      <Button type="button" size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => setReporting(m.id)}>
                        <Flag aria-hidden="true" /> Report<span className="sr-only"> this message</span>
                      </Button>
                    </div>
                  ))}
              </li>
            ))}
          </ol>
        )}
        {thread && !thread.mayWrite && (
          <p className="text-sm text-muted-foreground" data-testid="thread-read-only">
            You can read this conversation. A researcher or owner of your organization replies.
          </p>
        )}
        {thread?.open !== false && thread?.mayWrite !== false && (
          <form
            className="grid gap-2"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!body.trim()) return setError("Write a message first");
              send(false);
            }}
          >
            <Label htmlFor={id}>Message to {otherName}</Label>
            <Textarea
              id={id}
              value={body}
              maxLength={MESSAGE_MAX}
              rows={4}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => {
                setBody(e.target.value);
                setError(null);
                setWarning(null);
                setSent(false);
              }}
            />
            <FieldError id={`${id}-error`}>{error}</FieldError>
            {warning ? (
              <OffPlatformWarning warning={warning} pending={sending} onEdit={() => setWarning(null)} onSendAnyway={() => send(true)} />
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" size="sm" disabled={sending}>
                  {sending ? <Spinner /> : <Send aria-hidden="true" />} Send
                </Button>
                <p ref={sentRef} role="status" className="flex scroll-my-6 items-center gap-1 text-sm" data-testid="message-sent">
                  {sent ? (
                    <>
                      <CheckCircle2 aria-hidden="true" className="size-4 text-success" /> Message sent
                    </>
                  ) : null}
                </p>
              </div>
            )}
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
