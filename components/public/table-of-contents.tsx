"use client";

import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/platform/utils";

type Item = { id: string; title: string };

/**
 * A sticky table of contents that marks the section in view (aria-current) and scrolls
 * smoothly to a section on click, moving keyboard focus to its heading.
 */
export function TableOfContents({ items, label = "On this page" }: { items: Item[]; label?: string }) {
  const [active, setActive] = useState(items[0]?.id ?? "");
  // After a click the chosen section stays current while the smooth scroll passes others
  // (and near the page end, where the last sections can never reach the top band).
  const pinnedUntil = useRef(0);

  useEffect(() => {
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) visible.set(e.target.id, e.boundingClientRect.top);
          else visible.delete(e.target.id);
        }
        // The topmost section inside the band wins; keep the last one when none is.
        const top = [...visible.entries()].sort((a, b) => a[1] - b[1])[0];
        if (top && (entries[0]?.time ?? 0) > pinnedUntil.current) setActive(top[0]);
      },
      // A band in the upper part of the viewport, below the sticky header.
      { rootMargin: "-80px 0px -55% 0px", threshold: 0 },
    );
    for (const { id } of items) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [items]);

  function go(event: React.MouseEvent<HTMLAnchorElement>, id: string) {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    history.replaceState(null, "", `#${id}`);
    pinnedUntil.current = event.timeStamp + 1200; // both on the performance timeline
    setActive(id);
    const heading = target.querySelector<HTMLElement>("h2");
    heading?.focus({ preventScroll: true });
  }

  return (
    <nav aria-label={label} className="lg:sticky lg:top-24">
      <h2 className="text-sm font-semibold">{label}</h2>
      <ol className="mt-3 space-y-1 border-l text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              onClick={(e) => go(e, item.id)}
              aria-current={active === item.id ? "location" : undefined}
              className={cn(
                "-ml-px block border-l-2 border-transparent py-1 pl-3 text-muted-foreground hover:text-foreground",
                active === item.id && "border-primary font-medium text-primary",
              )}
            >
              {item.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
