import { AlertTriangle } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DistrictDomainForm } from "@/components/admin/district-domain-form";
import { formatDateTime } from "@/lib/platform/format";
import type { ActionResult } from "@/lib/accounts/action";
import type { DistrictDomainInput } from "@/lib/experts/schemas/work-email";
import type { WorkDomainKind } from "@/lib/experts/work-email-rules";

export type WorkEmailEvidenceProps = {
  expertId: string;
  /** The admin's zone (lib/accounts/viewer-zone). */
  zone: string;
  evidence: {
    domain: string | null;
    verifiedAt: Date | null;
    schoolYearLabel: string | null;
    reconfirmRequestedAt: Date | null;
    state: "verified" | "reconfirm" | "lapsed" | "none";
    awaitingReview: boolean;
    /** Why the district directory cannot vouch for the domain (several districts, a closed one, a shared host), or null. */
    heldBecause: string | null;
    confirmedAt: Date | null;
    kind: WorkDomainKind | null;
    district: { name: string; state: string } | null;
    districtState: string | null;
    linkedinUrl: string | null;
    organizationName: string | null;
    profileState: string | null;
    stateMismatch: boolean;
    nameMismatch: boolean;
  };
  addDomain: (
    input: DistrictDomainInput,
  ) => Promise<ActionResult<{ domain: string; districtName: string; state: string; granted: number }>>;
};

const STATE_LABEL = {
  verified: "Verified this school year",
  reconfirm: "Re-confirmation pending",
  lapsed: "Lapsed",
  none: "Not verified",
} as const;
const KIND_LABEL: Record<WorkDomainKind, string> = {
  k12: "K-12 state domain (*.k12.<state>.us)",
  district_list: "Known district",
  district_like: "Looks like a district name (not on the district list)",
  unknown: "Unknown domain",
  free: "Free-mail domain",
  disposable: "Disposable domain",
};

function Mismatch({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 rounded bg-warning/15 px-1.5 font-medium text-foreground">
      <AlertTriangle className="size-3.5 text-warning" aria-hidden="true" />
      {children}
      <span className="sr-only"> (mismatch)</span>
    </span>
  );
}

/** The review page's evidence for the school e-mail: domain, district, LinkedIn, stated organization and state; mismatches highlighted. */
export function WorkEmailEvidence({ expertId, zone, evidence: e, addDomain }: WorkEmailEvidenceProps) {
  return (
    <Card data-testid="work-email-evidence">
      <CardHeader>
        <CardTitle as="h2">School e-mail evidence</CardTitle>
        <CardDescription>The domain the expert confirmed by link, checked against K-12 patterns and the district list.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <dl className="grid gap-2 sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted-foreground">Work e-mail domain</dt>
          <dd>
            {e.domain ? <span className="font-medium">{e.domain}</span> : "None confirmed"}{" "}
            <Badge variant="outline">{e.awaitingReview ? "Domain awaiting review: no badge" : STATE_LABEL[e.state]}</Badge>
          </dd>
          <dt className="text-muted-foreground">Confirmed</dt>
          <dd>
            {e.verifiedAt
              ? `${formatDateTime(e.verifiedAt, zone)} for ${e.schoolYearLabel}`
              : e.confirmedAt
                ? `${formatDateTime(e.confirmedAt, zone)} for ${e.schoolYearLabel} (link followed; the domain is not accepted yet)`
                : "—"}
            {e.reconfirmRequestedAt ? ` · re-confirmation asked ${formatDateTime(e.reconfirmRequestedAt, zone)}` : ""}
          </dd>
          <dt className="text-muted-foreground">District</dt>
          <dd>
            {e.district ? (
              e.nameMismatch ? (
                <Mismatch>
                  {e.district.name}, {e.district.state}
                </Mismatch>
              ) : (
                `${e.district.name}, ${e.district.state}`
              )
            ) : e.kind ? (
              <>
                {KIND_LABEL[e.kind]}
                {e.districtState ? ` (${e.districtState})` : ""}
              </>
            ) : (
              "—"
            )}
          </dd>
          {e.heldBecause ? (
            <>
              <dt className="text-muted-foreground">Why no badge</dt>
              <dd data-testid="work-email-held-because">{e.heldBecause}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Stated organization</dt>
          <dd>{e.organizationName ? e.nameMismatch ? <Mismatch>{e.organizationName}</Mismatch> : e.organizationName : "—"}</dd>
          <dt className="text-muted-foreground">Stated state</dt>
          <dd>
            {e.profileState ? (
              e.stateMismatch ? (
                <Mismatch>
                  {e.profileState} (district: {e.districtState})
                </Mismatch>
              ) : (
                e.profileState
              )
            ) : (
              "—"
            )}
          </dd>
          <dt className="text-muted-foreground">LinkedIn</dt>
          <dd>
            {e.linkedinUrl ? (
              <a
                href={e.linkedinUrl}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-primary underline underline-offset-4"
              >
                {e.linkedinUrl}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              "—"
            )}
          </dd>
        </dl>
        {e.domain && e.kind !== "district_list" ? (
          <DistrictDomainForm
            expertId={expertId}
            domain={e.domain}
            organizationName={e.organizationName}
            state={e.profileState}
            action={addDomain}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
