"use client";

import { useId, useRef, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { ChevronDown, Menu } from "lucide-react";
import { cn } from "@/lib/platform/utils";

/** A link of a section's navigation; `paths` are the pages it stands for ("/x" exactly, "/x/*" and below). */
export type SectionLink = { href: string; label: string; paths: readonly string[] };

const covers = (paths: readonly string[], pathname: string) =>
  paths.some((p) => (p.endsWith("/*") ? pathname === p.slice(0, -2) || pathname.startsWith(p.slice(0, -1)) : pathname === p));

/**
 * The tab-like navigation of a signed-in area (admin, client): the current page marked for
 * screen readers (aria-current) and by its underline. At phone width it scrolls sideways, with
 * a fade at the right edge that says there is more; with `phoneMenu` it is instead a Menu button
 * naming the current page that opens every link as a list, so nothing sits off-screen.
 */
export function SectionNav({ label, links, phoneMenu = false }: { label: string; links: readonly SectionLink[]; phoneMenu?: boolean }) {
  const pathname = usePathname();
  // Open for the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const current = links.find((l) => covers(l.paths, pathname));
  return (
    <nav
      aria-label={label}
      className="relative mb-6 border-b"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpenOn(null);
          button.current?.focus();
        }
      }}
    >
      {phoneMenu && (
        <div className="sm:hidden">
          <button
            ref={button}
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpenOn(open ? null : pathname)}
            className="flex min-h-11 w-full items-center justify-between gap-2 rounded-md px-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex items-center gap-2">
              <Menu aria-hidden="true" className="size-4" /> Menu
            </span>
            <span className="flex items-center gap-1 text-muted-foreground">
              {current?.label}
              <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
            </span>
          </button>
          <ul id={listId} hidden={!open} className="grid gap-0.5 pb-2">
            {links.map((l) => {
              const active = covers(l.paths, pathname);
              return (
                <li key={l.href}>
                  <Link
                    href={l.href}
                    aria-current={active ? "page" : undefined}
                    onClick={() => setOpenOn(null)}
                    className={cn(
                      "block rounded-md px-3 py-2.5 text-sm font-medium",
                      active ? "bg-muted text-foreground" : "text-muted-foreground hover:bg-muted/60 hover:text-foreground",
                    )}
                  >
                    {l.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <ul className={cn("flex gap-1 overflow-x-auto pr-8 [scrollbar-width:thin] sm:pr-0", phoneMenu && "hidden sm:flex")}>
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
      {!phoneMenu && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-background sm:hidden"
        />
      )}
    </nav>
  );
}
