import type { Metadata } from "next";
import Link from "next/link";
import { SITE_MAP } from "@/lib/site/content/site-map";

export const metadata: Metadata = {
  title: "Sitemap",
  description: "Every public page of K12 Experts in one place: expert and client pages, support, status and legal policies.",
  alternates: { canonical: "/sitemap" },
};

export default function SitemapPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Sitemap</h1>
      <nav aria-label="All public pages" className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {SITE_MAP.map((group) => (
          <section key={group.title} aria-labelledby={`sm-${group.title.replace(/\W+/g, "-")}`}>
            <h2 id={`sm-${group.title.replace(/\W+/g, "-")}`} className="text-lg font-semibold">
              {group.title}
            </h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((l) => (
                <li key={l.href}>
                  {l.href.endsWith(".xml") ? (
                    <a href={l.href} className="text-primary underline-offset-4 hover:underline">
                      {l.label}
                    </a>
                  ) : (
                    <Link href={l.href} className="text-primary underline-offset-4 hover:underline">
                      {l.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </div>
  );
}
