import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { formatDateTime } from "@/lib/platform/format";
import { listFlaggedMessages, listReportedMessages, MODERATION_PAGE_SIZE } from "@/lib/engagements/messages";
import { pageRequestOf } from "@/lib/platform/keyset";
import { PageLinks } from "@/components/ui/page-links";

export const metadata: Metadata = {
  title: "Messages",
  description: "Messages reported by experts or clients, and messages sent after the off-platform warning.",
  robots: { index: false },
};

const FLAG_WORDS: Record<string, string> = { email: "e-mail address", phone: "phone number", payment: "payment off the platform" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Reported and flagged messages, each list a page at a time with its own page links (paging one
 * keeps the other where it is). Only the message itself shows here; reading its whole
 * conversation is a separate step, recorded each time (its link never prefetches).
 */
export default async function AdminMessagesPage({ searchParams }: Props) {
  const actor = await requirePageRole(["admin"], "/login", "/admin/messages");
  const params = await searchParams;
  const zone = await adminZone();
  const reportedPage = pageRequestOf(params, "reported");
  const flaggedPage = pageRequestOf(params, "flagged");
  const [reports, flagged] = await Promise.all([listReportedMessages(actor, reportedPage), listFlaggedMessages(actor, flaggedPage)]);
  // Each list's links carry the other list's place, so paging one leaves the other where it was.
  const keepReported = { reportedAfter: reportedPage.after, reportedBefore: reportedPage.before };
  const keepFlagged = { flaggedAfter: flaggedPage.after, flaggedBefore: flaggedPage.before };
  const read = (engagementId: string) => (
    <Link prefetch={false} href={`/admin/messages/${engagementId}`} className="text-sm text-primary underline-offset-4 hover:underline">
      Read the conversation (recorded)
    </Link>
  );
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Messages</h1>
      <section aria-labelledby="reports-heading" className="space-y-3">
        <h2 id="reports-heading" className="text-xl font-semibold">
          Reported
        </h2>
        <p className="text-sm text-muted-foreground">Newest first, {MODERATION_PAGE_SIZE} to a page.</p>
        {reports.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No message has been reported.</p>
        ) : (
          <ul className="grid gap-3" data-testid="reported-messages">
            {reports.rows.map((r) => (
              <li key={r.reportId} className="grid gap-1 rounded-md border p-3">
                <p className="text-sm text-muted-foreground">
                  {r.projectTitle} · reported by {r.reporterName} · {formatDateTime(r.reportedAt, zone)}
                </p>
                <p className="text-sm">
                  <span className="font-medium">Reason:</span> {r.reason}
                </p>
                <blockquote className="border-l-2 pl-2 text-sm whitespace-pre-line">{r.body}</blockquote>
                {read(r.engagementId)}
              </li>
            ))}
          </ul>
        )}
        <PageLinks path="/admin/messages" keep={keepFlagged} page={reports} noun="reports" prefix="reported" fragment="reports-heading" />
      </section>
      <section aria-labelledby="flagged-heading" className="space-y-3">
        <h2 id="flagged-heading" className="text-xl font-semibold">
          Sent after the off-platform warning
        </h2>
        <p className="text-sm text-muted-foreground">Newest first, {MODERATION_PAGE_SIZE} to a page.</p>
        {flagged.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No message was sent after the warning.</p>
        ) : (
          <ul className="grid gap-3" data-testid="flagged-messages">
            {flagged.rows.map((m) => (
              <li key={m.messageId} className="grid gap-1 rounded-md border p-3">
                <p className="text-sm text-muted-foreground">
                  {m.projectTitle} · {m.senderName} · {formatDateTime(m.sentAt, zone)} · shares{" "}
                  {m.flags.map((f) => FLAG_WORDS[f] ?? f).join(", ")}
                </p>
                <blockquote className="border-l-2 pl-2 text-sm whitespace-pre-line">{m.body}</blockquote>
                {read(m.engagementId)}
              </li>
            ))}
          </ul>
        )}
        <PageLinks
          path="/admin/messages"
          keep={keepReported}
          page={flagged}
          noun="flagged messages"
          prefix="flagged"
          fragment="flagged-heading"
        />
      </section>
    </div>
  );
}
