"use client";

import { startTransition, useActionState, useId, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { lazyToast as toast } from "@/components/ui/lazy-toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { EXPERT_ROLE_TITLES, MESSAGES, ROLE_TITLE_LABELS } from "@/lib/accounts/schemas/auth-rules";
import {
  ExpertContactFields,
  inputProps,
  PrivacyAgreement,
  RegisterAccepts,
  RegistrationSent,
  type Errors,
} from "@/components/auth/register-parts";
import type { ActionResult } from "@/lib/accounts/action";
import { useErrorFocus, type ErrorReport } from "@/components/ui/use-form-errors";
import { useSessionInfo } from "@/components/session/session-info-provider";

type Kind = "expert" | "client";
type RegisterAction = (input: unknown) => Promise<ActionResult<{ email: string }>>;

type RegisterState = { errors: Errors; done: string | null; report: ErrorReport };

function RegistrationFields({ kind, action }: { kind: Kind; action: RegisterAction }) {
  const router = useRouter();
  const { refresh } = useSessionInfo();
  const uid = useId();
  const id = (name: string) => `${kind}-${name}-${uid}`;
  const [privacy, setPrivacy] = useState(false);
  const [{ errors, done, report }, submit, pending] = useActionState(
    async (prev: RegisterState, form: FormData): Promise<RegisterState> => {
      const attempt = prev.report.attempt + 1;
      const fail = (errors: Errors, title: string, description: string): RegisterState => {
        toast.error(title, { description });
        return { errors, done: null, report: { count: Math.max(Object.keys(errors).length, 1), attempt } };
      };
      const values = Object.fromEntries(form.entries()) as Record<string, string>;
      // The server names every problem at once (its mismatch check waits until the rest is valid,
      // so the browser adds that one); the toast names one
      // case: a password mismatch first, then a missing privacy agreement.
      const result = await action({ ...values, privacyAgreement: kind === "expert" ? privacy : undefined });
      const mismatch = values.password !== values.confirmPassword;
      if (!result.ok || mismatch) {
        const errors: Errors = {
          ...(result.ok ? {} : result.fieldErrors),
          ...(mismatch ? { confirmPassword: [MESSAGES.passwordMismatch] } : {}),
        };
        if (mismatch) return fail(errors, "Password mismatch", MESSAGES.passwordMismatch);
        if (errors.privacyAgreement) return fail(errors, "Privacy policy required", MESSAGES.privacyRequired);
        return fail(errors, "Registration failed", result.ok ? "" : result.message || "Please check your information and try again.");
      }
      const ok = { errors: {}, done: null, report: { count: 0, attempt } };
      if (kind === "client") {
        toast.success("Registration successful!", { description: "Please check your email to verify your account." });
        return { ...ok, done: result.data.email };
      }
      toast.success("Registration successful!", { description: "Let's complete your profile setup." });
      // Loaded on submit: next-auth's client stays out of the registration page's first load.
      const { signIn } = await import("next-auth/react");
      const signedIn = await signIn("credentials", {
        email: result.data.email,
        password: values.password.trim(),
        portal: "expert",
        redirect: false,
      });
      // The header (account menu, bell, Logout) re-reads the session before the client-side move:
      // it would otherwise keep the signed-out view it read when this page loaded.
      if (!signedIn?.error) await refresh();
      router.push(signedIn?.error ? "/expert/login" : "/onboarding");
      return ok;
    },
    { errors: {}, done: null, report: { count: 0, attempt: 0 } },
  );
  const { ref, announcement } = useErrorFocus(report);

  // Dispatched from onSubmit rather than <form action>: React would clear every field after a failed attempt.
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => submit(form));
  }

  if (done) return <RegistrationSent email={done} />;

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate className="space-y-4">
      {announcement}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field required id={id("firstName")} label="First name" error={errors.firstName}>
          <Input {...inputProps(id("firstName"), errors, "firstName")} autoComplete="given-name" required />
        </Field>
        <Field required id={id("lastName")} label="Last name" error={errors.lastName}>
          <Input {...inputProps(id("lastName"), errors, "lastName")} autoComplete="family-name" required />
        </Field>
      </div>
      <Field required id={id("email")} label="Email" error={errors.email}>
        <Input {...inputProps(id("email"), errors, "email")} type="email" autoComplete="email" required />
      </Field>
      <Field required id={id("organization")} label={kind === "expert" ? "School or district" : "Organization"} error={errors.organization}>
        <Input {...inputProps(id("organization"), errors, "organization")} autoComplete="organization" required />
      </Field>
      {kind === "expert" ? (
        <Field required id={id("role")} label="Role" error={errors.role}>
          <NativeSelect {...inputProps(id("role"), errors, "role")} defaultValue="" required>
            <option value="" disabled>
              Select your role
            </option>
            {EXPERT_ROLE_TITLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_TITLE_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : (
        <Field required id={id("role")} label="Role" error={errors.role}>
          <Input
            {...inputProps(id("role"), errors, "role")}
            placeholder="e.g. Research Director"
            autoComplete="organization-title"
            required
          />
        </Field>
      )}
      {kind === "expert" && <ExpertContactFields id={id} errors={errors} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field required id={id("password")} label="Password" error={errors.password}>
          <Input {...inputProps(id("password"), errors, "password")} type="password" autoComplete="new-password" required />
        </Field>
        <Field required id={id("confirmPassword")} label="Confirm password" error={errors.confirmPassword}>
          <Input {...inputProps(id("confirmPassword"), errors, "confirmPassword")} type="password" autoComplete="new-password" required />
        </Field>
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">At least 8 characters.</p>
      {kind === "expert" && <PrivacyAgreement id={id} errors={errors} checked={privacy} onChange={setPrivacy} />}
      <RegisterAccepts kind={kind} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating your account…" : kind === "expert" ? "Create Expert Account" : "Create Client Account"}
      </Button>
    </form>
  );
}

export function RegisterForm({ expertAction, clientAction }: { expertAction: RegisterAction; clientAction: RegisterAction }) {
  return (
    <Tabs defaultValue="expert" className="space-y-6">
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="expert">Education Expert</TabsTrigger>
        <TabsTrigger value="client">Research Client</TabsTrigger>
      </TabsList>
      <TabsContent value="expert">
        <RegistrationFields kind="expert" action={expertAction} />
      </TabsContent>
      <TabsContent value="client">
        <RegistrationFields kind="client" action={clientAction} />
      </TabsContent>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link href="/login" className="text-primary underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </Tabs>
  );
}
