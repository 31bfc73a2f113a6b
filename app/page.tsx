import type { Metadata } from "next";
import Link from "next/link";
import {
  BadgeCheck,
  CalendarClock,
  CircleDollarSign,
  ClipboardList,
  Search,
  ShieldCheck,
  UserRoundPlus,
  Users,
} from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { LANDING } from "@/lib/site/content/marketing";
import { TYPICAL_PAY, payRange } from "@/lib/money/policy";

export const metadata: Metadata = {
  title: { absolute: "K12 Experts — Get paid to shape K-12 education research" },
  description: LANDING.description,
  alternates: { canonical: "/" },
};

const STEP_ICONS = [UserRoundPlus, ClipboardList, CircleDollarSign];
const STEPS = LANDING.steps.map((s, i) => ({ ...s, icon: STEP_ICONS[i] }));

const BENEFIT_ICONS = [CalendarClock, Users, ShieldCheck, BadgeCheck];
const BENEFITS = LANDING.benefits.map((b, i) => ({ ...b, icon: BENEFIT_ICONS[i] }));

const PAY = TYPICAL_PAY.map((r) => ({ activity: r.activity, range: payRange(r) }));

export default function HomePage() {
  return (
    <>
      <section className="bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">For K-12 education professionals</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Get paid to shape K-12 education research
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            Superintendents, principals, curriculum directors and teachers share what really happens in schools through paid surveys,
            interviews and focus groups with research organizations. Joining is free, and you are never billed.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link href="/register">Join as Expert</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/how-it-works">How It Works</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="steps-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="steps-heading" className="text-center text-3xl font-bold tracking-tight">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-lg border p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {i + 1}
                </span>
                <s.icon aria-hidden className="size-6 text-primary" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{s.title}</h3>
              <p className="mt-2 text-muted-foreground">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-muted">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="benefits-heading" className="text-center text-3xl font-bold tracking-tight">
            Why educators join
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {BENEFITS.map((b) => (
              <li key={b.title} className="flex gap-4 rounded-lg bg-background p-6">
                <b.icon aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
                <div>
                  <h3 className="font-semibold">{b.title}</h3>
                  <p className="mt-1 text-muted-foreground">{b.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="payments-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="grid gap-8 rounded-xl border p-6 sm:p-10 lg:grid-cols-2">
          <div>
            <h2 id="payments-heading" className="text-3xl font-bold tracking-tight">
              Payments you can count on
            </h2>
            <ul className="mt-6 space-y-3 text-muted-foreground">
              {LANDING.payments.map((p) => (
                <li key={p.lead}>
                  <strong className="text-foreground">{p.lead}</strong> {p.rest}
                </li>
              ))}
            </ul>
            <Link href="/payment-policy" className="mt-6 inline-block text-primary underline-offset-4 hover:underline">
              Read the payment policy
            </Link>
          </div>
          <div>
            <h3 className="font-semibold">Typical pay</h3>
            <table className="mt-3 w-full text-left">
              <caption className="sr-only">Typical compensation by activity</caption>
              <thead>
                <tr className="border-b text-sm text-muted-foreground">
                  <th scope="col" className="py-2 font-medium">
                    Activity
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Pays
                  </th>
                </tr>
              </thead>
              <tbody>
                {PAY.map((p) => (
                  <tr key={p.activity} className="border-b last:border-b-0">
                    <td className="py-3">{p.activity}</td>
                    <td className="py-3 text-right font-semibold">{p.range}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section aria-labelledby="clients-heading" className="mx-auto max-w-6xl px-4 pb-8 sm:px-6">
        <div className="flex flex-col items-start justify-between gap-6 rounded-xl bg-primary p-6 text-primary-foreground sm:flex-row sm:items-center sm:p-10">
          <div>
            <h2 id="clients-heading" className="text-2xl font-bold">
              Running a study with K-12 educators?
            </h2>
            <p className="mt-2 max-w-xl opacity-90">
              Search verified superintendents, principals, directors and teachers by role, state, district type and expertise.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg" variant="secondary">
              <Link href="/experts">
                <Search aria-hidden /> Search Experts
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground bg-transparent text-primary-foreground hover:bg-primary-foreground hover:text-primary"
            >
              <Link href="/client/login">Client Sign In</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
