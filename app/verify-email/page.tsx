import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { resendVerification, verifyEmail } from "@/lib/services/accounts";
import { isAppError } from "@/lib/errors";
import { normalizeEmail } from "@/lib/validation/auth-rules";
import { z } from "zod";

export const metadata: Metadata = {
  title: "Verify E-mail",
  description: "Confirm the e-mail address of your K12 Experts client account.",
  robots: { index: false },
};

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : undefined;
  const resend = typeof params.resend === "string" ? z.email().safeParse(normalizeEmail(params.resend)) : undefined;

  if (resend?.success) {
    await resendVerification(resend.data);
    return (
      <AuthCard title="Check your e-mail" description="A new verification link is on its way.">
        <Alert role="status">
          <AlertTitle>Verification e-mail sent</AlertTitle>
          <AlertDescription>If an unverified account exists for {resend.data}, a new link has been sent. It is valid for 24 hours.</AlertDescription>
        </Alert>
      </AuthCard>
    );
  }

  let error: string | null = token ? null : "This verification link is incomplete.";
  if (token) {
    try {
      await verifyEmail(token);
    } catch (e) {
      if (!isAppError(e)) throw e;
      error = e.message;
    }
  }
  return (
    <AuthCard title={error ? "Verification failed" : "E-mail verified"} description={error ? "We could not verify your e-mail address." : "Your account is active."}>
      {error ? (
        <Alert variant="destructive">
          <AlertTitle>Link not valid</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : (
        <div className="space-y-4">
          <Alert role="status">
            <AlertTitle>Thank you!</AlertTitle>
            <AlertDescription>Your e-mail address is verified. You can now sign in as a client.</AlertDescription>
          </Alert>
          <Button asChild className="w-full"><Link href="/client/login">Sign In as Client</Link></Button>
        </div>
      )}
    </AuthCard>
  );
}
