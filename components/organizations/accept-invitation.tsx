"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { lazyToast as toast } from "@/components/ui/lazy-toast";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { acceptWithNewAccountAction, joinOrganizationAction } from "@/lib/organizations/actions/organizations";

type Errors = Record<string, string | undefined>;

/** "Create your account": the address is the invitation's (the link proves it), so it is shown, not asked. */
export function CreateAccountForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [errors, setErrors] = useState<Errors>({});
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${id(name)}-error` } : {});
  return (
    <form
      noValidate
      aria-label="Create your account"
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = Object.fromEntries(new FormData(e.currentTarget).entries()) as Record<string, string>;
        start(async () => {
          const result = await acceptWithNewAccountAction({ ...values, token });
          if (!result.ok) {
            const fields = Object.fromEntries(Object.entries(result.fieldErrors ?? {}).map(([k, v]) => [k, v[0]]));
            setErrors(Object.keys(fields).length ? fields : { form: result.message });
            return;
          }
          setErrors({});
          toast.success(`Welcome to ${result.data.organizationName}`);
          // Loaded on submit: next-auth's client stays out of the page's first load.
          const { signIn } = await import("next-auth/react");
          const signedIn = await signIn("credentials", { email, password: values.password, portal: "client", redirect: false });
          if (signedIn?.error) router.push("/client/login");
          else window.location.assign("/client/organization");
        });
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor={id("email")}>E-mail</Label>
        <Input id={id("email")} value={email} readOnly aria-describedby={id("email-hint")} />
        <p id={id("email-hint")} className="text-xs text-muted-foreground">
          The address the invitation was sent to.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={id("firstName")}>First name</Label>
          <Input id={id("firstName")} name="firstName" autoComplete="given-name" required {...described("firstName")} />
          <FieldError id={`${id("firstName")}-error`}>{errors.firstName}</FieldError>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={id("lastName")}>Last name</Label>
          <Input id={id("lastName")} name="lastName" autoComplete="family-name" required {...described("lastName")} />
          <FieldError id={`${id("lastName")}-error`}>{errors.lastName}</FieldError>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={id("password")}>Password</Label>
          <Input id={id("password")} name="password" type="password" autoComplete="new-password" required {...described("password")} />
          <FieldError id={`${id("password")}-error`}>{errors.password}</FieldError>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={id("confirmPassword")}>Confirm password</Label>
          <Input
            id={id("confirmPassword")}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            {...described("confirmPassword")}
          />
          <FieldError id={`${id("confirmPassword")}-error`}>{errors.confirmPassword}</FieldError>
        </div>
      </div>
      <FieldError id={id("form")}>{errors.form}</FieldError>
      <p className="text-xs text-muted-foreground">
        By creating an account you accept the{" "}
        <Link href="/terms" className="underline" target="_blank">
          Terms of Service
        </Link>{" "}
        and the{" "}
        <Link href="/privacy-data" className="underline" target="_blank">
          Privacy &amp; Data Policy
        </Link>
        .
      </p>
      <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
        {pending && <Spinner />} {pending ? "Creating your account…" : "Create account and join"}
      </Button>
    </form>
  );
}

/** A signed-in person with the invited address joins with one click. */
export function JoinButton({ token, organizationName }: { token: string; organizationName: string }) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <div className="space-y-2">
      <Button
        className="w-full"
        disabled={pending}
        aria-busy={pending}
        aria-describedby={error ? id : undefined}
        onClick={() =>
          start(async () => {
            const result = await joinOrganizationAction({ token });
            if (!result.ok) {
              setError(result.message);
              return;
            }
            toast.success(`You joined ${organizationName}`);
            // A full load, so every server component and the header read the new membership.
            window.location.assign("/client/organization");
          })
        }
      >
        {pending && <Spinner />} Join {organizationName}
      </Button>
      <FieldError id={id}>{error}</FieldError>
    </div>
  );
}
