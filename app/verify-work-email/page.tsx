import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmWorkEmailForm } from "@/components/work-email/confirm-work-email-form";
import { confirmWorkEmailAction } from "@/lib/experts/actions/verify-work-email";

export const metadata: Metadata = {
  title: "Confirm School E-mail",
  description: "Confirm the school or district e-mail address on your K12 Experts profile.",
  robots: { index: false },
};

// Opening the page changes nothing: the button posts the token (mail scanners that open every
// link in a school inbox must not use it up).
export default async function VerifyWorkEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  return (
    <AuthCard
      title="Confirm your school e-mail"
      description="Research clients see that your school or district e-mail is verified. They never see the address."
    >
      {token ? (
        <ConfirmWorkEmailForm token={token} action={confirmWorkEmailAction} />
      ) : (
        <Alert variant="destructive">
          <AlertTitle>Link not valid</AlertTitle>
          <AlertDescription>This confirmation link is incomplete. Request a new one from your settings.</AlertDescription>
        </Alert>
      )}
    </AuthCard>
  );
}
