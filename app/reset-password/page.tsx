import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { NewPasswordForm, RequestResetForm } from "@/components/auth/reset-password-form";
import { requestResetAction, resetPasswordAction } from "../../lib/accounts/actions/reset-password";

export const metadata: Metadata = {
  title: "Reset Password",
  description: "Reset the password of your K12 Experts account with a link sent to your e-mail.",
};

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const value = typeof token === "string" ? token : undefined;
  return value ? (
    <AuthCard title="Choose a new password" description="Enter a new password for your account.">
      <NewPasswordForm token={value} action={resetPasswordAction} />
    </AuthCard>
  ) : (
    <AuthCard title="Reset your password" description="Enter your account's e-mail and we will send you a link to choose a new password.">
      <RequestResetForm action={requestResetAction} />
    </AuthCard>
  );
}
