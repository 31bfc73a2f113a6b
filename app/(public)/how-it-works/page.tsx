import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "How It Works",
  description: "How K12 Experts works for education experts (profile, verification, invitations, payment in 7 business days) and for research clients (search, shortlist, invite).",
  alternates: { canonical: "/how-it-works" },
};

const EXPERT_STEPS = [
  { title: "Sign up for free", text: "Register with your name, district or organization and role. You accept our Privacy & Data Policy (version 1.0) and are never billed." },
  { title: "Complete your profile", text: "Six steps: basics, LinkedIn, expertise, research preferences and availability, payment details with W-9 consent, and a short self-rating pulse." },
  { title: "Get verified", text: "We confirm your role and LinkedIn profile, usually within 1-2 business days. Verified public profiles appear to research clients." },
  { title: "Take part in research", text: "Apply to open opportunities or accept invitations: online surveys (5-15 min), phone or video interviews (30-60 min) and focus groups (60-90 min). Some studies start with a 3-6 question screener." },
  { title: "Get paid", text: "Your earnings move from Pending QC (1-3 business days of quality review) to Available, then Processing and Paid, within 7 business days, by PayPal, ACH or check." },
];

const CLIENT_STEPS = [
  { title: "Create a client account", text: "Register as a research client and verify your e-mail address." },
  { title: "Search verified experts", text: "Filter by role, state, district type, tools, availability, hourly rate and years of experience." },
  { title: "Shortlist and invite", text: "Save promising experts to a shortlist and send invitations for your survey, interview or focus group." },
  { title: "Run your study", text: "Schedule sessions at times experts have marked available. Cancelling less than 24 hours ahead may incur a fee." },
];

function Steps({ steps }: { steps: { title: string; text: string }[] }) {
  return (
    <ol className="mt-6 space-y-4">
      {steps.map((s, i) => (
        <li key={s.title} className="flex gap-4 rounded-lg border p-5">
          <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">{i + 1}</span>
          <div>
            <h3 className="font-semibold">{s.title}</h3>
            <p className="mt-1 text-muted-foreground">{s.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export default function HowItWorksPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">How It Works</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        K12 Experts connects research organisations with the people who run and teach in America&apos;s schools.
      </p>
      <div className="mt-10 grid gap-12 lg:grid-cols-2">
        <section aria-labelledby="experts-heading">
          <h2 id="experts-heading" className="text-2xl font-semibold">For education experts</h2>
          <Steps steps={EXPERT_STEPS} />
          <Button asChild className="mt-6"><Link href="/register">Join as Expert</Link></Button>
        </section>
        <section aria-labelledby="clients-heading">
          <h2 id="clients-heading" className="text-2xl font-semibold">For research clients</h2>
          <Steps steps={CLIENT_STEPS} />
          <Button asChild variant="outline" className="mt-6"><Link href="/experts">Find Experts</Link></Button>
        </section>
      </div>
      <section aria-labelledby="questions-heading" className="mt-12 rounded-lg bg-muted p-6">
        <h2 id="questions-heading" className="text-xl font-semibold">Questions?</h2>
        <p className="mt-2 text-muted-foreground">
          See the <Link href="/help-center" className="text-primary underline underline-offset-4">Help Center</Link> or read the{" "}
          <Link href="/payment-policy" className="text-primary underline underline-offset-4">Payment Policy</Link>.
        </p>
      </section>
    </div>
  );
}
