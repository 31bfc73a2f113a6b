"use client";

import { useEffect, useState, useTransition } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { MessagesSquare } from "lucide-react";
import { Button } from "@/components/ui/button";
import { MessageComposer, MessageList } from "@/components/engagements/message-parts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { THREAD_PARAM } from "@/lib/engagements/message-rules";
import { readThreadAction } from "@/lib/engagements/actions/messages";
import type { ThreadView } from "@/lib/engagements/messages";

// An engagement's conversation in a dialog, from either side's card: the thread (read when it
// opens), a message box with the off-platform warning to confirm, and Report on the other side's
// messages. Links in messages open only as https links, in a new tab, marked as user content.

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
  const [error, setError] = useState<string | null>(null);
  const [loading, startLoading] = useTransition();

  const load = () =>
    startLoading(async () => {
      const result = await readThreadAction({ engagementId });
      setError(result.ok ? null : result.message);
      if (result.ok) setThread(result.data);
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

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) load();
        else {
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
        <MessageList thread={thread} loading={loading} timeZone={timeZone} />
        {thread && !thread.mayWrite && (
          <p className="text-sm text-muted-foreground" data-testid="thread-read-only">
            You can read this conversation. A researcher or owner of your organization replies.
          </p>
        )}
        {thread?.open !== false && thread?.mayWrite !== false && (
          <MessageComposer
            engagementId={engagementId}
            otherName={otherName}
            body={body}
            setBody={setBody}
            loadError={error}
            onSent={load}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
