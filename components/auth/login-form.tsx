"use client";

import { startTransition, useActionState, useEffect, useId, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { lazyToast as toast } from "@/components/ui/lazy-toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { FieldError } from "@/components/ui/field-error";
import { useErrorFocus, type ErrorReport } from "@/components/ui/use-form-errors";
import { useSessionInfo } from "@/components/session/session-info-provider";
import { LOGIN_REDIRECT_DELAY_MS } from "@/lib/accounts/constants";
import { safeCallbackPath } from "@/lib/accounts/route-rules";
import { normalizeEmail } from "@/lib/accounts/schemas/auth-rules";

import { LoginLinks, type Portal } from "@/components/auth/login-links";
type LoginErrors = { email?: string; password?: string; form?: string };
type LoginState = { errors: LoginErrors; resendable: boolean; leaving: boolean; report: ErrorReport };

const SUBMIT_LABEL: Record<Portal, string> = { general: "Sign In", client: "Sign In as Client", expert: "Sign In as Expert" };

/** Where a signed-in user of this portal belongs, or null when the portal is not theirs. */
function portalHome(portal: Portal, roles: string[], home: string) {
  if (portal === "general") return home;
  if (portal === "client") return roles.includes("client") || roles.includes("admin") ? "/client/dashboard" : null;
  return roles.includes("expert") ? "/dashboard" : null;
}

export function LoginForm({ portal }: { portal: Portal }) {
  const { info, refresh } = useSessionInfo();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const ids = { email: useId(), password: useId(), emailError: useId(), passwordError: useId() };
  const [{ errors, resendable, leaving, report }, submit, submitting] = useActionState(
    async (prev: LoginState): Promise<LoginState> => {
      const attempt = prev.report.attempt + 1;
      const fail = (errors: LoginErrors, resendable = false): LoginState => ({
        errors,
        resendable,
        leaving: false,
        report: { count: Object.keys(errors).length, attempt },
      });
      const missing: LoginErrors = {};
      if (!email.trim()) missing.email = "Email is required";
      if (!password) missing.password = "Password is required";
      if (missing.email || missing.password) return fail(missing);
      try {
        // Loaded on submit: next-auth's client stays out of the sign-in pages' first load.
        const { signIn } = await import("next-auth/react");
        const result = await signIn("credentials", { email: normalizeEmail(email), password: password.trim(), portal, redirect: false });
        if (!result || result.error) {
          // Said once, in the form's own alert (focused and announced), not again in a toast.
          const message = result?.error && result.error !== "CredentialsSignin" ? result.error : "Account not found or password incorrect.";
          return fail({ form: message }, message.startsWith("Please verify your e-mail"));
        }
        const me = (await (await fetch("/api/me?greeting=1", { cache: "no-store" })).json()) as {
          data?: { home?: string; roles?: string[]; returning?: boolean };
        };
        toast.success(
          portal !== "general"
            ? "Login successful"
            : `${me.data?.returning === false ? "Welcome!" : "Welcome back!"} Redirecting to your dashboard...`,
        );
        const home = me.data?.home ?? "/";
        // Read at submit, not with useSearchParams: the form then renders in the static HTML
        // (no Suspense boundary that fills in after hydration and shifts the page).
        const callback = safeCallbackPath(new URLSearchParams(window.location.search).get("callbackUrl"));
        const target = callback ?? portalHome(portal, me.data?.roles ?? [], home) ?? home;
        // A client-side navigation keeps the toast on screen; the header island re-reads the session.
        await refresh();
        router.push(target);
        return { errors: {}, resendable: false, leaving: true, report: { count: 0, attempt } };
      } catch (e) {
        const message = e instanceof Error && e.message ? e.message : "An unexpected error occurred.";
        return fail({ form: message });
      }
    },
    { errors: {}, resendable: false, leaving: false, report: { count: 0, attempt: 0 } },
  );
  // Still "Signing in…" while the browser moves on (no "already signed in" notice in between).
  const pending = submitting || leaving;
  const { ref, announcement } = useErrorFocus(report);

  const signedInHome = info?.signedIn ? portalHome(portal, info.roles, info.home) : null;
  useEffect(() => {
    if (!signedInHome || pending) return;
    const timer = setTimeout(() => window.location.assign(signedInHome), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedInHome, pending]);

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    startTransition(() => submit());
  }

  return (
    <div className="space-y-6">
      {info?.signedIn && !pending && (
        <Alert variant={signedInHome ? "default" : "warning"} role="status">
          <AlertTitle>You are already signed in</AlertTitle>
          <AlertDescription>
            <p>
              Signed in as <strong>{info.email}</strong> ({info.role}).{" "}
              {signedInHome ? "Redirecting to your dashboard…" : "This login page is for another kind of account."}
            </p>
            <Button asChild variant="outline" size="sm" className="mt-2">
              <Link href="/logout">Logout</Link>
            </Button>
          </AlertDescription>
        </Alert>
      )}

      <form ref={ref} onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={errors.form ? "login-form-error" : undefined}>
        {announcement}
        {errors.form && (
          <Alert variant="destructive" id="login-form-error" tabIndex={-1} data-form-error>
            <AlertTitle>Sign-in failed</AlertTitle>
            <AlertDescription>
              {errors.form}
              {resendable && (
                <>
                  {" "}
                  <Link className="font-medium underline" href={`/verify-email?resend=${encodeURIComponent(normalizeEmail(email))}`}>
                    Resend the verification e-mail
                  </Link>
                </>
              )}
            </AlertDescription>
          </Alert>
        )}
        <div className="space-y-2">
          <Label htmlFor={ids.email}>Email</Label>
          <Input
            id={ids.email}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? ids.emailError : undefined}
            required
          />
          <FieldError id={ids.emailError}>{errors.email}</FieldError>
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.password}>Password</Label>
          <Input
            id={ids.password}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? ids.passwordError : undefined}
            required
          />
          <FieldError id={ids.passwordError}>{errors.password}</FieldError>
        </div>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : SUBMIT_LABEL[portal]}
        </Button>
      </form>

      <LoginLinks portal={portal} />
    </div>
  );
}
