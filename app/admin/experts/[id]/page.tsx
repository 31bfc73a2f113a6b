import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft } from "@/components/ui/icons";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { isAppError } from "@/lib/platform/errors";
import { getAdminExpert } from "@/lib/experts/admin-experts";
import { expertIdSchema } from "@/lib/experts/schemas/admin";
import { ExpertDetails } from "@/components/admin/expert-details";
import { ExpertReviewActions } from "@/components/admin/expert-review-actions";
import { VerificationBadge } from "@/components/admin/verification-badge";
import { setLinkedinVerifiedAction, setVerificationStatusAction } from "../../../../lib/experts/actions/admin-experts";
import { addDistrictDomainAction } from "../../../../lib/experts/actions/district-domains";
import { getWorkEmailEvidence } from "@/lib/experts/work-email";
import { WorkEmailEvidence } from "@/components/admin/work-email-evidence";

export const metadata: Metadata = {
  title: "Review Expert",
  description: "Review an expert's details and verification.",
  robots: { index: false },
};

type Props = { params: Promise<{ id: string }> };

async function load(actor: Awaited<ReturnType<typeof requirePageRole>>, id: string) {
  if (!expertIdSchema.safeParse(id).success) return null;
  try {
    return await getAdminExpert(actor, id);
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e; // the error boundary shows 'Failed to load expert details'
  }
}

const backLink = (
  <Link href="/admin" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
    <ArrowLeft aria-hidden className="size-4" /> Back to dashboard
  </Link>
);

export default async function AdminExpertPage({ params }: Props) {
  const { id } = await params;
  const actor = await requirePageRole(["admin"], "/login", `/admin/experts/${id}`);
  const [expert, zone] = await Promise.all([load(actor, id), adminZone()]);

  if (!expert) {
    return (
      <div className="space-y-4">
        {backLink}
        <h1 className="text-2xl font-bold">Expert not found</h1>
        <p className="text-muted-foreground">No expert has this id. It may have been deleted.</p>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {backLink}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">
          {expert.firstName} {expert.lastName}
        </h1>
        <VerificationBadge status={expert.verificationStatus} />
      </div>
      <p className="text-muted-foreground">
        {expert.roleTitle ?? "No role title yet"}
        {expert.organizationName ? ` · ${expert.organizationName}` : ""}
      </p>
      <ExpertReviewActions
        key={`${expert.verificationStatus}-${expert.linkedinVerified}`}
        expertId={expert.id}
        expertName={`${expert.firstName} ${expert.lastName}`}
        status={expert.verificationStatus}
        linkedinVerified={expert.linkedinVerified}
        setStatus={setVerificationStatusAction}
        setLinkedin={setLinkedinVerifiedAction}
      />
      <WorkEmailEvidence
        expertId={expert.id}
        zone={zone}
        evidence={await getWorkEmailEvidence(actor, expert.id)}
        addDomain={addDistrictDomainAction}
      />
      <ExpertDetails expert={expert} zone={zone} />
    </div>
  );
}
