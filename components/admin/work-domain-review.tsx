"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DistrictDomainForm } from "@/components/admin/district-domain-form";
import { addDistrictDomainAction } from "@/lib/experts/actions/district-domains";
import { rejectWorkDomainAction } from "@/lib/experts/actions/admin-trust";
import { formatDateTime } from "@/lib/platform/format";
import type { DomainHold, WorkDomainKind } from "@/lib/experts/work-email-rules";
import type { DistrictCandidate } from "@/lib/districts/match-domain";
import { DistrictPicker } from "@/components/admin/district-picker";

type Review = {
  domain: string;
  kind: WorkDomainKind;
  hold: DomainHold;
  why: string;
  firstConfirmedAt: Date;
  experts: { expertId: string; name: string; organizationName: string | null; state: string | null }[];
  candidates: DistrictCandidate[];
};

const KIND_HINT: Partial<Record<WorkDomainKind, string>> = { district_like: "looks like a district name", unknown: "unknown domain" };
/** The directory cannot vouch for these: the admin decides, with the reason in front of them. */
const HOLD_HINT: Record<Exclude<DomainHold, "unknown">, string> = {
  several_districts: "several districts",
  closed_district: "closed district",
  shared_host: "shared host",
};

/**
 * School e-mail domains waiting for review: addresses confirmed by link on a domain the platform
 * does not know as a school or district. Accept adds it to the district list (and grants the
 * badge to everyone confirmed on it); Reject keeps them without a badge.
 */
export function WorkDomainReviewList({ reviews, zone }: { reviews: Review[]; zone: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [, startTransition] = useTransition();
  const refresh = () => startTransition(() => router.refresh());

  async function reject(domain: string) {
    setBusy(domain);
    const res = await rejectWorkDomainAction({ domain });
    setBusy(null);
    if (!res.ok) {
      toast.error("Domain not rejected", { description: res.message });
      return;
    }
    toast.success("Domain rejected", { description: `Addresses on ${domain} earn no badge.` });
    refresh();
  }

  if (reviews.length === 0) {
    return (
      <p className="rounded-lg border p-6 text-sm text-muted-foreground" data-testid="work-domains-empty">
        No school e-mail domains are waiting for review.
      </p>
    );
  }
  return (
    <ul className="grid gap-4" aria-label="School e-mail domains waiting for review">
      {reviews.map((r) => {
        const first = r.experts[0];
        return (
          <li key={r.domain} className="space-y-3 rounded-lg border bg-card p-4 text-sm shadow-sm" data-testid="work-domain-review">
            <div className="space-y-1">
              <p>
                <span className="font-semibold">{r.domain}</span>
                <span className="text-muted-foreground">
                  {" "}
                  · {r.hold === "unknown" ? (KIND_HINT[r.kind] ?? r.kind) : HOLD_HINT[r.hold]} · first confirmed{" "}
                  {formatDateTime(r.firstConfirmedAt, zone)}
                </span>
              </p>
              {r.why ? (
                <p className="text-muted-foreground" data-testid="work-domain-held-because">
                  No automatic badge: {r.why}.
                </p>
              ) : null}
              <p className="text-muted-foreground">
                {r.experts.length} {r.experts.length === 1 ? "expert" : "experts"} confirmed an address on it:{" "}
                {r.experts.slice(0, 5).map((e, i) => (
                  <span key={e.expertId}>
                    {i > 0 ? ", " : ""}
                    <Link href={`/admin/experts/${e.expertId}`} className="text-primary underline-offset-4 hover:underline">
                      {e.name || "Unnamed expert"}
                    </Link>
                    {e.organizationName ? ` (${e.organizationName}${e.state ? `, ${e.state}` : ""})` : ""}
                  </span>
                ))}
                {r.experts.length > 5 ? ` and ${r.experts.length - 5} more` : ""}
              </p>
            </div>
            {r.candidates.length > 0 && (
              <div className="space-y-2">
                <p className="font-medium">Candidate districts: link an expert to one (this also grants the badge)</p>
                {r.experts.slice(0, 5).map((e) => (
                  <DistrictPicker key={e.expertId} expert={e} candidates={r.candidates} mayLeave={false} />
                ))}
              </div>
            )}
            <DistrictDomainForm
              domain={r.domain}
              organizationName={first?.organizationName ?? null}
              state={first?.state ?? null}
              action={addDistrictDomainAction}
              onAccepted={refresh}
            />
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={busy === r.domain} aria-busy={busy === r.domain}>
                  {busy === r.domain ? "Rejecting…" : `Reject ${r.domain}`}
                </Button>
              }
              title={`Reject ${r.domain}?`}
              description="It is not a school or district domain: experts confirmed on it keep no badge and are told so in their settings. Accepting it later grants the badge."
              confirmLabel="Reject domain"
              destructive
              onConfirm={() => reject(r.domain)}
            />
          </li>
        );
      })}
    </ul>
  );
}

type LinkReview = {
  domain: string;
  candidates: DistrictCandidate[];
  experts: { expertId: string; name: string; organizationName: string | null; state: string | null }[];
};

/**
 * Verified school e-mails that name no district yet: their domain matches several districts'
 * websites or none. The admin links each expert to a district or leaves them without one.
 */
export function DistrictLinkReviewList({ reviews, districtsOnFile }: { reviews: LinkReview[]; districtsOnFile: boolean }) {
  if (!districtsOnFile) {
    return (
      <p className="rounded-lg border p-6 text-sm text-muted-foreground" data-testid="district-links-empty">
        No districts are on file yet: import the directory in{" "}
        <Link href="/admin/districts" className="text-primary underline-offset-4 hover:underline">
          Admin › Districts
        </Link>
        .
      </p>
    );
  }
  if (reviews.length === 0) {
    return (
      <p className="rounded-lg border p-6 text-sm text-muted-foreground" data-testid="district-links-empty">
        Every verified school e-mail names its district.
      </p>
    );
  }
  return (
    <ul className="grid gap-4" aria-label="School e-mails without a district">
      {reviews.map((r) => (
        <li key={r.domain} className="space-y-3 rounded-lg border bg-card p-4 text-sm shadow-sm" data-testid="district-link-review">
          <p>
            <span className="font-semibold">{r.domain}</span>
            <span className="text-muted-foreground">
              {" "}
              ·{" "}
              {r.candidates.length === 0
                ? "no district's website uses it"
                : `${r.candidates.length} candidate ${r.candidates.length === 1 ? "district" : "districts"}`}
            </span>
          </p>
          {r.experts.map((e) => (
            <DistrictPicker key={e.expertId} expert={e} candidates={r.candidates} mayLeave />
          ))}
        </li>
      ))}
    </ul>
  );
}
