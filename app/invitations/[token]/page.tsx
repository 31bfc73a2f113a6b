import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CreateAccountForm, JoinButton } from "@/components/organizations/accept-invitation";
import { getActor } from "@/lib/accounts/session";
import { getInvitationView, INVITATION_MESSAGES } from "@/lib/organizations/invitations";
import { invitationTokenField, ORG_ROLE_DESCRIPTIONS, ORG_ROLE_LABELS } from "@/lib/organizations/schemas/organizations";
import { BrowserDateTime } from "@/components/ui/browser-date-time";
import { orgRoleWithArticle } from "@/lib/accounts/org-role-names";

export const metadata: Metadata = {
  title: "Invitation",
  description: "An invitation to join a research organization on K12 Experts.",
  robots: { index: false, follow: false },
};

type Props = { params: Promise<{ token: string }> };

/** Opening the page changes nothing: accepting is a button or a form, so a link preview cannot accept. */
export default async function InvitationPage({ params }: Props) {
  const { token: raw } = await params;
  const parsed = invitationTokenField.safeParse(raw);
  const actor = await getActor();
  const view = parsed.success
    ? await getInvitationView(parsed.data, actor)
    : { valid: false as const, message: INVITATION_MESSAGES.unknown };
  if (!view.valid)
    return (
      <AuthCard title="Invitation not valid" description="This link cannot be used to join an organization.">
        <Alert variant="destructive" data-testid="invitation-refused">
          <AlertTitle>Nothing was changed</AlertTitle>
          <AlertDescription>{view.message}</AlertDescription>
        </Alert>
      </AuthCard>
    );
  const token = parsed.data!;
  const here = `/invitations/${token}`;
  return (
    <AuthCard
      title={`Join ${view.organizationName}`}
      description={`${view.inviterName} invited you to join as ${orgRoleWithArticle(view.role)}.`}
    >
      <div className="space-y-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="invitation-details">
          <dt className="text-muted-foreground">Organization</dt>
          <dd className="font-medium">{view.organizationName}</dd>
          <dt className="text-muted-foreground">Role</dt>
          <dd>
            <span className="font-medium">{ORG_ROLE_LABELS[view.role]}</span>: {ORG_ROLE_DESCRIPTIONS[view.role].toLowerCase()}
          </dd>
          <dt className="text-muted-foreground">Invited by</dt>
          <dd>{view.inviterName}</dd>
          <dt className="text-muted-foreground">For</dt>
          <dd className="break-all">{view.email}</dd>
          <dt className="text-muted-foreground">Valid until</dt>
          <dd>
            <BrowserDateTime at={view.expiresAt.toISOString()} />
          </dd>
        </dl>
        {view.viewer.kind === "refused" && (
          <Alert variant="destructive" data-testid="invitation-refused">
            <AlertTitle>You cannot accept this invitation with this account</AlertTitle>
            <AlertDescription>{view.viewer.message}</AlertDescription>
          </Alert>
        )}
        {view.viewer.kind === "can-join" && (
          <div className="space-y-2">
            {view.viewer.leaving && (
              <p className="text-sm text-muted-foreground">
                You leave {view.viewer.leaving}, which has only you and no projects; it is deleted.
              </p>
            )}
            <JoinButton token={token} organizationName={view.organizationName} />
          </div>
        )}
        {view.viewer.kind === "signed-out" && (
          <>
            {!view.viewer.accountExists && (
              <section aria-labelledby="create-heading" className="space-y-3">
                <h2 id="create-heading" className="text-lg font-semibold">
                  Create your account
                </h2>
                <CreateAccountForm token={token} email={view.email} />
              </section>
            )}
            <section aria-labelledby="signin-heading" className="space-y-2">
              <h2 id="signin-heading" className="text-lg font-semibold">
                {view.viewer.accountExists ? "You already have an account" : "Already have an account?"}
              </h2>
              <Button asChild variant={view.viewer.accountExists ? "default" : "outline"} className="w-full">
                <Link href={`/login?callbackUrl=${encodeURIComponent(here)}`}>Sign in to accept</Link>
              </Button>
            </section>
          </>
        )}
      </div>
    </AuthCard>
  );
}
