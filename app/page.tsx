import Link from "next/link";
import { Button } from "@/components/ui/button";

export default function HomePage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-20 text-center">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Get paid to shape K-12 education research</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
        Superintendents, principals, curriculum directors and teachers take paid surveys, interviews and focus groups with research organisations.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg"><Link href="/register">Join as Expert</Link></Button>
        <Button asChild size="lg" variant="outline"><Link href="/experts">Search Experts</Link></Button>
      </div>
    </section>
  );
}
