import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { HOW_IT_WORKS, type Step } from "@/lib/site/content/marketing";

export const metadata: Metadata = {
  title: "How It Works",
  description: HOW_IT_WORKS.description,
  alternates: { canonical: "/how-it-works" },
};

function Steps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="mt-6 space-y-4">
      {steps.map((s, i) => (
        <li key={s.title} className="flex gap-4 rounded-lg border p-5">
          <span
            aria-hidden
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            {i + 1}
          </span>
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
        K12 Experts connects research organizations with the people who run and teach in America&apos;s schools.
      </p>
      <div className="mt-10 grid gap-12 lg:grid-cols-2">
        <section aria-labelledby="experts-heading">
          <h2 id="experts-heading" className="text-2xl font-semibold">
            For education experts
          </h2>
          <Steps steps={HOW_IT_WORKS.expertSteps} />
          <Button asChild className="mt-6">
            <Link href="/register">Join as Expert</Link>
          </Button>
        </section>
        <section aria-labelledby="clients-heading">
          <h2 id="clients-heading" className="text-2xl font-semibold">
            For research clients
          </h2>
          <Steps steps={HOW_IT_WORKS.clientSteps} />
          <Button asChild variant="outline" className="mt-6">
            <Link href="/experts">Find Experts</Link>
          </Button>
        </section>
      </div>
      <section aria-labelledby="questions-heading" className="mt-12 rounded-lg bg-muted p-6">
        <h2 id="questions-heading" className="text-xl font-semibold">
          Questions?
        </h2>
        <p className="mt-2 text-muted-foreground">
          See the{" "}
          <Link href="/help-center" className="text-primary underline underline-offset-4">
            Help Center
          </Link>{" "}
          or read the{" "}
          <Link href="/payment-policy" className="text-primary underline underline-offset-4">
            Payment Policy
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
