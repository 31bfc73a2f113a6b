import Link from "next/link";
import { Button } from "@/components/ui/button";
import type { ConsentCardFacts } from "@/lib/engagements/consent/status";

/**
 * On an expert's card, in place of the step the study's consent holds back (Apply, Accept, a seat,
 * a time, the survey): a link to read and sign it, or a new version of it. The services refuse
 * those steps too, so this is the way on, not the rule.
 */
export function ConsentPrompt({ projectId, needed, title }: { projectId: string; needed: "sign" | "renew"; title: string }) {
  return (
    <div className="grid gap-2" data-testid="consent-prompt">
      <p className="text-sm text-muted-foreground">
        {needed === "renew"
          ? "This study's consent form has changed. Read the new version and sign it before you go on."
          : "This study has its own consent form. Read it and sign it with your full name before you start."}
      </p>
      <Button size="sm" asChild className="w-fit">
        <Link href={`/dashboard/consent/${projectId}`} aria-label={`Read and sign the consent for ${title}`}>
          {needed === "renew" ? "Read the new consent" : "Read and sign the consent"}
        </Link>
      </Button>
    </div>
  );
}

/** The steps a consent holds back: everything but a card with no start left in it. */
export const consentHolds = (consent: ConsentCardFacts | null): consent is ConsentCardFacts & { needed: "sign" | "renew" } =>
  !!consent && !consent.withdrawn && consent.needed !== null;
