import type { Metadata } from "next";
import { PolicySections } from "@/components/public/policy-sections";
import { TodaysDate } from "@/components/public/todays-date";
import { formatLongDate } from "@/lib/format";
import { DEFAULT_TIME_ZONE } from "@/lib/vocabulary/time";
import { COOKIE_POLICY_SECTIONS } from "@/lib/content/policies";

export const metadata: Metadata = {
  title: "Cookie Policy",
  description: "Which cookies K12 Experts sets (essential sign-in and security cookies only), why, and how to manage them in your browser.",
  alternates: { canonical: "/cookies" },
};

// The last-updated line shows today's date (001 §2.8): the browser sets it (TodaysDate); the
// page is re-rendered hourly so the HTML without scripts is at most an hour behind.
export const revalidate = 3600;

export default function CookiesPage() {
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Cookie Policy</h1>
        <p className="mt-2 text-sm text-muted-foreground" data-testid="last-updated">Last updated: <TodaysDate rendered={formatLongDate(new Date(), DEFAULT_TIME_ZONE)} /></p>
        <p className="mt-4 text-lg leading-8 text-muted-foreground">
          K12 Experts uses as few cookies as possible: only those needed to sign you in and keep your account safe.
        </p>
      </header>
      <PolicySections sections={COOKIE_POLICY_SECTIONS} />
    </article>
  );
}
