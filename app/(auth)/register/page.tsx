import type { Metadata } from "next";
import { RegisterForm } from "@/components/auth/register-form";
import { registerClientAction, registerExpertAction } from "../../../lib/accounts/actions/register";

export const metadata: Metadata = {
  title: "Create an Account",
  description:
    "Join K12 Experts as an education expert to take paid research, or as a research client to find verified K-12 professionals.",
};

export default function RegisterPage() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Create your account</h1>
      <p className="mt-2 text-muted-foreground">
        Education experts are paid for surveys, interviews and focus groups. Research clients find and invite verified K-12 professionals.
      </p>
      <div className="mt-8 rounded-lg border bg-card p-6 shadow-sm">
        <RegisterForm expertAction={registerExpertAction} clientAction={registerClientAction} />
      </div>
    </div>
  );
}
