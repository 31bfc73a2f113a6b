import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { listLapsedWorkEmails, listWorkDomainsForReview } from "@/lib/experts/work-email";
import { listDistrictLinkReviews } from "@/lib/experts/district-link";
import { DistrictLinkReviewList, WorkDomainReviewList } from "@/components/admin/work-domain-review";
import { formatDateTime } from "@/lib/platform/format";

export const metadata: Metadata = {
  title: "School e-mails",
  description:
    "School e-mail domains to review, school e-mails that name no district yet, and experts whose school e-mail was not re-confirmed by September 30.",
  robots: { index: false },
};

export default async function AdminTrustPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/trust");
  const zone = await adminZone();
  const [reviews, links, rows] = await Promise.all([
    listWorkDomainsForReview(actor),
    listDistrictLinkReviews(actor),
    listLapsedWorkEmails(actor),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">School e-mails</h1>
      <section aria-labelledby="review-heading" className="space-y-4">
        <div>
          <h2 id="review-heading" className="text-xl font-semibold">
            Domains waiting for review
          </h2>
          <p className="text-sm text-muted-foreground">
            The “School e-mail verified” badge comes by itself only for a domain on the district list, one that exactly one open
            district&apos;s website uses, or a school under <code>k12.&lt;state&gt;.us</code>. Domains several districts share, domains only
            a closed district used, and government, university, statewide and hosting domains wait here with the reason. Accept a domain as
            a district to grant its experts the badge, link an expert to a candidate district, or reject the domain.
          </p>
        </div>
        <WorkDomainReviewList reviews={reviews} zone={zone} />
      </section>
      <section aria-labelledby="district-links-heading" className="space-y-4">
        <div>
          <h2 id="district-links-heading" className="text-xl font-semibold">
            School e-mails without a district
          </h2>
          <p className="text-sm text-muted-foreground">
            A verified school e-mail names its district when exactly one open district&apos;s website uses its domain. These verified
            addresses name none yet: link each expert to their district, or leave them without one.
          </p>
        </div>
        <DistrictLinkReviewList reviews={links.reviews} districtsOnFile={links.districtsOnFile} />
      </section>
      <section aria-labelledby="lapsed-heading" className="space-y-4">
        <div>
          <h2 id="lapsed-heading" className="text-xl font-semibold">
            Lapsed school e-mails
          </h2>
          <p className="text-sm text-muted-foreground">
            Experts who confirmed a school e-mail in an earlier school year and did not re-confirm it by September 30. Their badge is hidden
            until they do.
          </p>
        </div>
        {rows.length === 0 ? (
          <p className="rounded-lg border p-6 text-sm text-muted-foreground">No lapsed school e-mails.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Lapsed school e-mails">
            {rows.map((r) => (
              <li key={r.expertId} className="grid gap-1 rounded-lg border bg-card p-4 text-sm shadow-sm" data-testid="lapsed-work-email">
                <Link href={`/admin/experts/${r.expertId}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                  {r.name || "Unnamed expert"}
                </Link>
                <p className="text-muted-foreground">
                  {r.domain} · last confirmed {formatDateTime(r.verifiedAt, zone)} for {r.schoolYearLabel}
                  {r.reconfirmRequestedAt ? ` · asked to re-confirm ${formatDateTime(r.reconfirmRequestedAt, zone)}` : " · not asked yet"}
                </p>
                <p className="text-muted-foreground">
                  {r.organizationName ?? "No organization"}
                  {r.state ? `, ${r.state}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
