import type { Metadata } from "next";
import { isAppError } from "@/lib/platform/errors";
import { reviewByToken } from "@/lib/projects/district-answers";
import { AnswerForm } from "@/components/districts/answer-form";
import { PacketDetails } from "@/components/districts/packet-details";

export const metadata: Metadata = { title: "Research approval request", robots: { index: false } };

/** The e-mailed review page: a district research office reads the request and answers it without an account. */
export default async function DistrictReviewPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await reviewByToken(token).catch((e) => {
    if (isAppError(e)) return e.message;
    throw e;
  });
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold">Research approval request</h1>
      {typeof view === "string" ? (
        <p>{view}</p>
      ) : (
        <>
          <p>
            For <strong>{view.district}</strong>&apos;s research office: <strong>{view.packet?.title ?? "a study"}</strong>
          </p>
          {view.packet ? <PacketDetails packet={view.packet} /> : null}
          {view.answered || view.status !== "requested" ? (
            <p role="status">This request was answered. Thank you.</p>
          ) : (
            <AnswerForm via={{ kind: "link", token }} title={view.packet?.title ?? "the study"} canAsk={!view.questionAsked} />
          )}
          <p className="text-sm text-muted-foreground">
            This page is read-only and expires on {view.expiresAt.toISOString().slice(0, 10)} (UTC).
          </p>
        </>
      )}
    </main>
  );
}
