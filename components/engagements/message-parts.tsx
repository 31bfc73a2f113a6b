"use client";

import { Fragment, useEffect, useId, useRef, useState, useTransition } from "react";
import { toast } from "sonner";
import { CheckCircle2, Flag, Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { controlProps, Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { Spinner } from "@/components/ui/spinner";
import { OffPlatformWarning } from "@/components/engagements/off-platform-warning";
import { formatDateTime } from "@/lib/platform/format";
import { MESSAGE_MAX } from "@/lib/engagements/message-rules";
import { reportMessageAction, sendMessageAction } from "@/lib/engagements/actions/messages";
import type { ThreadView } from "@/lib/engagements/messages";

// The conversation's parts: the messages (each of the other side's with Report) and the message
// box with the off-platform warning to confirm. Links in messages open only as https links, in a
// new tab, marked as user content.

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

/** Why a message of the other side is reported; the team reads it with the conversation. */
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
      <Field id={id} label="What is wrong with this message?" error={error ? [error] : undefined}>
        <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} {...controlProps(id, error)} />
      </Field>
      <div>
        <Button type="submit" size="sm" variant="outline" disabled={pending}>
          {pending ? <Spinner /> : <Flag aria-hidden="true" />} Send report
        </Button>
      </div>
    </form>
  );
}

/** The thread as read when the dialog opened, oldest first. */
export function MessageList({ thread, loading, timeZone }: { thread: ThreadView | null; loading: boolean; timeZone: string }) {
  const [reporting, setReporting] = useState<string | null>(null);
  return (
    <>
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
    </>
  );
}

/** The message box: sent at once, or held with the off-platform warning until confirmed or edited. */
export function MessageComposer({
  engagementId,
  otherName,
  body,
  setBody,
  loadError,
  onSent,
}: {
  engagementId: string;
  otherName: string;
  /** Kept by the dialog, so a draft survives closing it. */
  body: string;
  setBody: (body: string) => void;
  loadError: string | null;
  onSent: () => void;
}) {
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // "Message sent" beside the button until the next keystroke: on a phone the new message lands
  // in the list above, out of sight, so the button's own line says it went.
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) sentRef.current?.scrollIntoView({ block: "nearest" });
  }, [sent]);
  const [sending, startSending] = useTransition();
  const id = useId();
  const shown = error ?? loadError;

  const send = (confirmed: boolean) =>
    startSending(async () => {
      const result = await sendMessageAction({ engagementId, body, confirmed });
      if (!result.ok) return setError(result.fieldErrors?.body?.[0] ?? result.message);
      if (!result.data.sent) return setWarning(result.data.warning);
      setBody("");
      setWarning(null);
      setError(null);
      setSent(true);
      onSent();
    });

  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return setError("Write a message first");
        send(false);
      }}
    >
      <Field id={id} label={`Message to ${otherName}`} error={shown ? [shown] : undefined}>
        <Textarea
          value={body}
          maxLength={MESSAGE_MAX}
          rows={4}
          {...controlProps(id, shown)}
          onChange={(e) => {
            setBody(e.target.value);
            setError(null);
            setWarning(null);
            setSent(false);
          }}
        />
      </Field>
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
  );
}
