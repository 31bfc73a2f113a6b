import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = {
  title: "Sign In",
  description: "Sign in to K12 Experts with your e-mail and password.",
};

export default function Page() {
  return (
    <AuthCard title="Sign In" description="Sign in to K12 Experts with your e-mail and password.">
      <LoginForm portal="general" />
    </AuthCard>
  );
}
