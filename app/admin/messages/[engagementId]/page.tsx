import type { Metadata } from "next";
import Link from "next/link";
import { z } from "@/lib/platform/validation/zod";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { formatDateTime } from "@/lib/platform/format";
import { isAppError } from "@/lib/platform/errors";
import { readThreadAsAdmin } from "@/lib/engagements/messages";

export const metadata: Metadata = { title: "Conversation", description: "A reported or flagged conversation.", robots: { index: false } };

type Props = { params: Promise<{ engagementId: string }> };

/** A reported or flagged conversation, read by an admin: the reading is recorded before anything shows. */
export default async function AdminConversationPage({ params }: Props) {
  const { engagementId } = await params;
  const actor = await requirePageRole(["admin"], "/login", `/admin/messages/${engagementId}`);
  const zone = await adminZone();
  const thread = z.uuid().safeParse(engagementId).success
    ? await readThreadAsAdmin(actor, engagementId).catch((e) => {
        if (isAppError(e) && e.code === "NOT_FOUND") return null;
        throw e;
      })
    : null;
  // The admin area streams behind its loading skeleton, so a missing thread is said on the page.
  if (!thread)
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-bold">Conversation</h1>
        <p>No reported or flagged conversation has this id.</p>
        <Link href="/admin/messages" className="text-sm text-primary underline-offset-4 hover:underline">
          All reported messages
        </Link>
      </div>
    );
  return (
    <div className="space-y-4">
      <Link href="/admin/messages" className="text-sm text-primary underline-offset-4 hover:underline">
        All reported messages
      </Link>
      <h1 className="text-3xl font-bold">Conversation: {thread.projectTitle}</h1>
      <p className="text-sm text-muted-foreground">Your reading of this conversation is recorded.</p>
      <ol className="grid gap-3" data-testid="admin-thread">
        {thread.messages.map((m) => (
          <li key={m.id} className="grid gap-1 rounded-md border p-3">
            <p className="text-xs text-muted-foreground">
              <span className="font-medium text-foreground">{m.senderName}</span> ({m.side}) ·{" "}
              {formatDateTime(m.at, zone, { weekday: true })}
              {m.flags.length > 0 && ` · sent after the warning (${m.flags.join(", ")})`}
              {m.reports > 0 && ` · reported ${m.reports === 1 ? "once" : `${m.reports} times`}`}
            </p>
            <p className="text-sm whitespace-pre-line">{m.body}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
