import type { Metadata } from "next";
import { PolicySections } from "@/components/public/policy-sections";
import { COOKIE_POLICY_VERSION } from "@/lib/accounts/policy-versions";
import { COOKIE_POLICY_SECTIONS } from "@/lib/site/content/policies";

export const metadata: Metadata = {
  title: COOKIE_POLICY_VERSION.title,
  description: "Which cookies K12 Experts sets (essential sign-in and security cookies only), why, and how to manage them in your browser.",
  alternates: { canonical: COOKIE_POLICY_VERSION.href },
};

// "Last updated" is the date the policy's text last changed (its version), not the day it is read.
export default function CookiesPage() {
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{COOKIE_POLICY_VERSION.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground" data-testid="last-updated">
          Version {COOKIE_POLICY_VERSION.version} · Last updated: {COOKIE_POLICY_VERSION.effective}
        </p>
        <p className="mt-4 text-lg leading-8 text-muted-foreground">
          K12 Experts uses as few cookies as possible: only those needed to sign you in and keep your account safe.
        </p>
      </header>
      <PolicySections sections={COOKIE_POLICY_SECTIONS} />
    </article>
  );
}
