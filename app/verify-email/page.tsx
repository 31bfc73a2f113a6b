import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { verifyEmail } from "@/lib/accounts/registration";
import { ResendVerificationForm } from "@/components/auth/resend-verification-form";
import { resendVerificationAction } from "@/lib/accounts/actions/verify-email";
import { isAppError } from "@/lib/platform/errors";
import { normalizeEmail } from "@/lib/accounts/schemas/auth-rules";
import { z } from "@/lib/platform/validation/zod";

export const metadata: Metadata = {
  title: "Verify E-mail",
  description: "Confirm the e-mail address of your K12 Experts client account.",
  robots: { index: false },
};

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : undefined;
  const resend = typeof params.resend === "string" ? z.email().safeParse(normalizeEmail(params.resend)) : undefined;

  // Opening this page never sends mail: the form posts the request (a link preview or a
  // crawler following ?resend= cannot send anyone e-mails).
  if (resend?.success) {
    return (
      <AuthCard
        title="Get a new verification link"
        description="We will e-mail a new link to this address if it belongs to an account that is not verified yet."
      >
        <ResendVerificationForm email={resend.data} action={resendVerificationAction} />
      </AuthCard>
    );
  }

  let error: string | null = token ? null : "This verification link is incomplete.";
  let roles: string[] = [];
  if (token) {
    try {
      ({ roles } = await verifyEmail(token));
    } catch (e) {
      if (!isAppError(e)) throw e;
      error = e.message;
    }
  }
  return (
    <AuthCard
      title={error ? "Verification failed" : "E-mail verified"}
      description={error ? "We could not verify your e-mail address." : "Your account is active."}
    >
      {error ? (
        <Alert variant="destructive">
          <AlertTitle>Link not valid</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : (
        <div className="space-y-4">
          <Alert role="status">
            <AlertTitle>Thank you!</AlertTitle>
            <AlertDescription>
              {roles.includes("client")
                ? "Your e-mail address is verified. You can now sign in as a client."
                : "Your e-mail address is verified."}
            </AlertDescription>
          </Alert>
          {roles.includes("client") ? (
            <Button asChild className="w-full">
              <Link href="/client/login">Sign In as Client</Link>
            </Button>
          ) : (
            <Button asChild className="w-full">
              <Link href="/login">Sign In</Link>
            </Button>
          )}
        </div>
      )}
    </AuthCard>
  );
}
