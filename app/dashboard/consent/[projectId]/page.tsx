import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "@/lib/platform/validation/zod";
import { requirePageRole } from "@/lib/accounts/session";
import { safeCallbackPath } from "@/lib/accounts/route-rules";
import { viewerZone } from "@/lib/accounts/viewer-zone";
import { isAppError } from "@/lib/platform/errors";
import { consentForExpert } from "@/lib/engagements/consent/signatures";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConsentDocument } from "@/components/study-consent/consent-document";
import { SignConsentForm } from "@/components/study-consent/sign-consent-form";
import { SignedAt } from "@/components/study-consent/signed-at";
import { Missing } from "@/components/study-consent/missing";

export const metadata: Metadata = {
  title: "Study consent",
  description: "Read and sign a study's consent form.",
  robots: { index: false },
};

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<{ next?: string | string[] }> };

const BOARD = "/dashboard?tab=opportunities";

/** Where signing leads: back to the dashboard (or the page that sent them here, on the dashboard). */
function nextFrom(raw: string | string[] | undefined) {
  const path = safeCallbackPath(Array.isArray(raw) ? raw[0] : raw);
  return path && path.startsWith("/dashboard") ? path : BOARD;
}

/** A study's own consent form: read it in the page, then sign with the full name on the account. */
export default async function StudyConsentPage({ params, searchParams }: Props) {
  const { projectId } = await params;
  const actor = await requirePageRole(["expert"], "/expert/login", `/dashboard/consent/${projectId}`);
  if (!z.uuid().safeParse(projectId).success) notFound();
  const next = nextFrom((await searchParams).next);
  // The dashboard streams behind its skeleton, so a study that does not reach this expert is said on the page.
  const view = await consentForExpert(actor, projectId).catch((e) => {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  });
  if (!view) return <Missing text="This study could not be found." />;
  const zone = await viewerZone(actor);

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div>
        <p className="text-sm text-muted-foreground">
          <Link href={BOARD} className="underline underline-offset-4">
            Back to your studies
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold break-words">Consent for “{view.project.title}”</h1>
      </div>
      {!view.consent ? (
        <Alert>
          <AlertTitle>No consent form</AlertTitle>
          <AlertDescription>This study has no consent form of its own to sign.</AlertDescription>
        </Alert>
      ) : view.signature ? (
        <Alert data-testid="consent-signed">
          <AlertTitle>You signed version {view.consent.version}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>
              Signed <SignedAt at={view.signature.signedAt} zone={zone} />.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" asChild>
                <Link href={next}>Continue</Link>
              </Button>
              <Button size="sm" variant="outline" asChild>
                <Link href={`/dashboard/consent/receipt/${view.signature.id}`}>View your receipt</Link>
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <ConsentDocument consent={view.consent} irb={view.irb} />
          <section aria-labelledby="agree-heading" className="grid gap-3 rounded-lg border p-4">
            <h2 id="agree-heading" className="text-lg font-semibold">
              Your agreement
            </h2>
            <p className="text-sm">
              By typing your full name ({view.accountName}) you agree to take part in this study on the terms of version{" "}
              {view.consent.version} of its consent form above. You can withdraw at any time from the study&apos;s card; anything you have
              earned stays yours.
            </p>
            <SignConsentForm projectId={view.project.id} documentId={view.consent.id} next={next} />
          </section>
        </>
      )}
    </div>
  );
}
