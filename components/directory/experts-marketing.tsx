import Link from "next/link";
import { Search, ShieldCheck, Users } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** /experts for visitors: what the directory offers, with sign-up and sign-in links. */
export function ExpertsMarketing() {
  const points = [
    { icon: ShieldCheck, title: "Verified professionals", text: "Every expert is reviewed before they appear in the directory." },
    {
      icon: Search,
      title: "Precise filters",
      text: "Search by role, state, district type and size, urbanicity, the verified district's locale and poverty level, tools and more.",
    },
    { icon: Users, title: "Shortlist and invite", text: "Keep a shortlist and invite experts to your interviews and surveys." },
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <section className="text-center">
        <h1 className="text-4xl font-bold tracking-tight">Find Education Experts</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          Connect with superintendents, principals, curriculum directors and teachers for paid research: surveys, interviews and focus
          groups.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link href="/register">Sign up as a Client</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/client/login?callbackUrl=%2Fexperts">Sign In</Link>
          </Button>
        </div>
      </section>
      <ul className="mt-12 grid gap-4 md:grid-cols-3">
        {points.map((p) => (
          <li key={p.title}>
            <Card className="h-full">
              <CardHeader>
                <p.icon className="size-6 text-primary" aria-hidden="true" />
                <CardTitle as="h2" className="text-base">
                  {p.title}
                </CardTitle>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">{p.text}</CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
