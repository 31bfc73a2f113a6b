import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = {
  title: "Client Login",
  description: "Sign in to search verified K-12 experts, shortlist them and send invitations.",
};

export default function Page() {
  return (
    <AuthCard title="Client Sign In" description="Sign in to search verified K-12 experts, shortlist them and send invitations.">
      <LoginForm portal="client" />
    </AuthCard>
  );
}
