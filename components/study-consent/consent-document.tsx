import { Button } from "@/components/ui/button";

type Doc = { id: string; version: number; fileName: string; sha256: string };

/**
 * The consent form read in the page: the PDF in a frame (phones that cannot show a PDF in a page
 * open it with the link below), its download, version and fingerprint, and the IRB letter.
 */
export function ConsentDocument({ consent, irb }: { consent: Doc; irb: (Doc & { expiresOn: Date | null }) | null }) {
  const href = `/api/study-documents/${consent.id}`;
  return (
    <section aria-labelledby="consent-form-heading" className="grid gap-3">
      <h2 id="consent-form-heading" className="text-lg font-semibold">
        Consent form, version {consent.version}
      </h2>
      <iframe
        src={href}
        title={`Consent form, version ${consent.version}`}
        className="h-[60vh] min-h-80 w-full rounded-md border bg-muted"
        data-testid="consent-frame"
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={href} target="_blank" rel="noopener">
            Open the form
          </a>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a href={`${href}?download=1`} download={consent.fileName} data-testid="consent-download">
            Download the PDF
          </a>
        </Button>
        {irb ? (
          <Button variant="link" size="sm" asChild>
            <a href={`/api/study-documents/${irb.id}`} target="_blank" rel="noopener">
              IRB approval letter
              {irb.expiresOn ? ` (valid until ${irb.expiresOn.toISOString().slice(0, 10)})` : ""}
            </a>
          </Button>
        ) : null}
      </div>
      <p className="text-xs break-all text-muted-foreground">SHA-256 fingerprint of this file: {consent.sha256}</p>
    </section>
  );
}
