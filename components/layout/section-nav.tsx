"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/platform/utils";

/** A link of a section's navigation; `paths` are the pages it stands for ("/x" exactly, "/x/*" and below). */
export type SectionLink = { href: string; label: string; paths: readonly string[] };

const covers = (paths: readonly string[], pathname: string) =>
  paths.some((p) => (p.endsWith("/*") ? pathname === p.slice(0, -2) || pathname.startsWith(p.slice(0, -1)) : pathname === p));

/**
 * The tab-like navigation of a signed-in area (admin, client): the current page marked for
 * screen readers (aria-current) and by its underline. At phone width it scrolls sideways, with
 * a fade at the right edge that says there is more.
 */
export function SectionNav({ label, links }: { label: string; links: readonly SectionLink[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="relative mb-6 border-b">
      <ul className="flex gap-1 overflow-x-auto pr-8 [scrollbar-width:thin] sm:pr-0">
        {links.map((l) => {
          const active = covers(l.paths, pathname);
          return (
            <li key={l.href} className="shrink-0">
              <Link
                href={l.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium",
                  active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {l.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-background sm:hidden" />
    </nav>
  );
}
