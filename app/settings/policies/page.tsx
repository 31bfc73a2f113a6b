import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getActor } from "@/lib/accounts/session";
import { POLICIES_PAGE, safeCallbackPath } from "@/lib/accounts/route-rules";
import { ROLE_HOME } from "@/lib/accounts/constants";
import { listPendingPolicies } from "@/lib/accounts/consents";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { AcceptPoliciesForm } from "@/components/consents/accept-policies-form";
import { acceptPoliciesAction } from "../../../lib/accounts/actions/policies";

export const metadata: Metadata = {
  title: "Updated Policies",
  description: "Review and accept the updated versions of our policies.",
  robots: { index: false },
};

type Props = { searchParams: Promise<{ next?: string | string[] }> };

/**
 * Shown once when a policy the person accepted has a newer version (requirePageRole sends
 * them here): what changed, and one button to accept; then on to where they were going.
 */
export default async function PoliciesPage({ searchParams }: Props) {
  const raw = (await searchParams).next;
  const requested = safeCallbackPath(Array.isArray(raw) ? raw[0] : raw);
  const actor = await getActor();
  if (!actor)
    redirect(
      `/login?callbackUrl=${encodeURIComponent(requested ? `${POLICIES_PAGE}?next=${encodeURIComponent(requested)}` : POLICIES_PAGE)}`,
    );
  // Never back here (a loop): anywhere else on the site, else the role's home.
  const next = requested && !requested.startsWith(POLICIES_PAGE) ? requested : ROLE_HOME[actor.primaryRole];
  const pending = actor.impersonating ? [] : await listPendingPolicies(actor);

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">Updated Policies</h1>
        <p className="text-muted-foreground">Signed in as {actor.email}</p>
      </div>
      {actor.impersonating ? (
        <Alert>
          <AlertTitle>Viewing as another user</AlertTitle>
          <AlertDescription>Only the person themselves can accept a policy.</AlertDescription>
        </Alert>
      ) : pending.length === 0 ? (
        <div className="space-y-4" data-testid="policies-current">
          <p>You have accepted the current version of every policy that applies to you.</p>
          <Link href={next} className="text-primary underline underline-offset-4">
            Continue
          </Link>
        </div>
      ) : (
        <AcceptPoliciesForm policies={pending} next={next} action={acceptPoliciesAction} />
      )}
    </div>
  );
}
