import { getActor } from "@/lib/accounts/session";
import { studyDocumentsFor, DOCUMENT_KIND_LABELS } from "@/lib/engagements/consent/documents";
import { formatDateTime } from "@/lib/platform/format";
import { Button } from "@/components/ui/button";
import { UploadStudyDocument } from "@/components/study-consent/upload-study-document";

/**
 * The project page's "Study consent": the consent form and IRB letter with every version (each
 * opens in the browser), the upload of a new version for roles that run the study, and the
 * signature records for the IRB (CSV and a printable page).
 */
export async function StudyConsentSection({ projectId, run, zone }: { projectId: string; run: boolean; zone: string }) {
  const actor = await getActor();
  const documents = await studyDocumentsFor(actor, projectId);
  const consent = documents.filter((d) => d.kind === "consent");
  return (
    <section aria-labelledby="study-consent-heading" className="mt-10 grid gap-4 rounded-lg border p-4" data-testid="study-consent">
      <div>
        <h2 id="study-consent-heading" className="text-xl font-semibold">
          Study consent
        </h2>
        <p className="text-sm text-muted-foreground">
          Experts read this form and sign it with their full name before they start. A new version asks everyone who has not finished to
          sign again before their next step. Only your organization and the experts this study reaches can open these files.
        </p>
      </div>
      {documents.length === 0 ? (
        <p className="text-sm" data-testid="no-consent">
          No consent form yet: experts start without one.
        </p>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label="Versions">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-baseline gap-x-2" data-testid="study-document">
              <a
                href={`/api/study-documents/${d.id}`}
                target="_blank"
                rel="noopener"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {DOCUMENT_KIND_LABELS[d.kind]}, version {d.version}
              </a>
              <span className="text-muted-foreground">
                {d.fileName} · uploaded {formatDateTime(d.createdAt, zone)}
                {d.expiresOn ? ` · expires ${d.expiresOn.toISOString().slice(0, 10)}` : ""}
                {d.kind === "consent" && d.id === consent[0]?.id ? " · current" : ""}
              </span>
              <span className="w-full font-mono text-xs break-all text-muted-foreground">SHA-256 {d.sha256}</span>
            </li>
          ))}
        </ul>
      )}
      {run && <UploadStudyDocument projectId={projectId} hasConsent={consent.length > 0} />}
      {consent.length > 0 && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={`/client/projects/${projectId}/consent-records`} download data-testid="consent-records-csv">
              Download signature records (CSV)
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={`/client/projects/${projectId}/consent-records/print`}>Printable records for your IRB</a>
          </Button>
        </div>
      )}
    </section>
  );
}
