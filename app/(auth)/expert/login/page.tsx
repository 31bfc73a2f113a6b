import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = {
  title: "Expert Login",
  description: "Sign in to see your research invitations, availability and payouts.",
};

export default function Page() {
  return (
    <AuthCard title="Expert Sign In" description="Sign in to see your research invitations, availability and payouts.">
      <LoginForm portal="expert" />
    </AuthCard>
  );
}
