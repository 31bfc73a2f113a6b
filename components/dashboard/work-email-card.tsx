"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { BadgeCheck } from "lucide-react";
import { requestWorkEmailAction } from "@/lib/experts/actions/dashboard-work-email";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { WorkEmailField } from "@/components/work-email/work-email-field";
import { formatDateIn } from "@/lib/platform/format";

export type WorkEmailCardProps = {
  initial: {
    workEmail: string | null;
    verifiedAt: string | null;
    state: "verified" | "reconfirm" | "lapsed" | "none";
    badgeLabel: string | null;
    pendingEmail: string | null;
    /** A confirmed address whose domain is not known as a school or district: why it has no badge. */
    domainReview: { state: "pending" | "rejected"; message: string } | null;
  };
  /** The expert's profile zone. */
  timeZone: string;
};

const STATUS: Record<WorkEmailCardProps["initial"]["state"], string> = {
  verified: "Verified for this school year.",
  reconfirm: "A new school year has started: re-confirm by September 30 to keep the badge.",
  lapsed: "Not re-confirmed this school year: the badge is hidden until you confirm again.",
  none: "Not verified yet.",
};

/**
 * Settings › School e-mail: the address the expert's school or district gave
 * them, confirmed by a link sent there. Clients see the badge, never the address.
 */
export function WorkEmailCard({ initial, timeZone }: WorkEmailCardProps) {
  const headingId = useId();
  const [pending, setPending] = useState(initial.pendingEmail);

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          School E-mail
        </CardTitle>
        <CardDescription>
          Verify the e-mail address your school or district gave you. Research clients see “School e-mail verified” on your profile; they
          never see the address. We ask you to re-confirm it each July.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1 text-sm" role="status">
          {initial.workEmail ? (
            <p>
              <span className="font-medium">{initial.workEmail}</span>
              {initial.verifiedAt ? (
                <span className="text-muted-foreground"> · confirmed {formatDateIn(initial.verifiedAt, timeZone)}</span>
              ) : null}
            </p>
          ) : null}
          {initial.domainReview ? (
            <p data-testid="work-email-domain-review">
              <span className="font-medium">
                {initial.domainReview.state === "pending" ? "Domain awaiting review." : "Domain not accepted."}
              </span>{" "}
              {initial.domainReview.message}
            </p>
          ) : (
            <p className="flex items-center gap-1.5">
              {initial.badgeLabel ? <BadgeCheck className="size-4 text-primary" aria-hidden="true" /> : null}
              {initial.badgeLabel ?? STATUS[initial.state]}
              {initial.badgeLabel && initial.state !== "verified" ? (
                <span className="text-muted-foreground"> ({STATUS[initial.state]})</span>
              ) : null}
            </p>
          )}
          {pending ? <p className="text-muted-foreground">We sent a confirmation link to {pending}. Open it to finish.</p> : null}
        </div>
        <WorkEmailField
          defaultValue={initial.workEmail ?? ""}
          submitLabel={initial.workEmail ? (initial.state === "verified" ? "Send a new link" : "Re-confirm") : "Send confirmation link"}
          onSent={(email) => {
            setPending(email);
            toast.success("Confirmation link sent", { description: `Open the link we sent to ${email}.` });
          }}
          action={requestWorkEmailAction}
        />
      </CardContent>
    </Card>
  );
}
