"use client";

import { useId, useState } from "react";
import { Search } from "lucide-react";
import { SUPPORT_REPLY_TIME } from "@/lib/vocabulary/support";

const normalise = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");

/**
 * Filters the server-rendered FAQ (#faq-list) as you type, across questions and answers:
 * non-matching items and empty categories are hidden and matches are opened.
 */
export function HelpCenterSearch() {
  const [query, setQuery] = useState("");
  const [count, setCount] = useState<number | null>(null);
  const inputId = useId();

  function filter(value: string) {
    setQuery(value);
    const terms = normalise(value).split(/\s+/).filter(Boolean);
    const list = document.getElementById("faq-list");
    if (!list) return;
    let shown = 0;
    for (const section of list.querySelectorAll<HTMLElement>("[data-faq-category]")) {
      let inSection = 0;
      for (const item of section.querySelectorAll<HTMLDetailsElement>("[data-faq-item]")) {
        const hay = normalise(item.dataset.faqText ?? "");
        const match = terms.every((t) => hay.includes(t));
        item.hidden = !match;
        if (terms.length) item.open = match;
        if (match) inSection += 1;
      }
      section.hidden = inSection === 0;
      shown += inSection;
    }
    list.hidden = shown === 0;
    setCount(terms.length ? shown : null);
  }

  return (
    <div>
      <div role="search" className="relative max-w-xl">
        <label htmlFor={inputId} className="sr-only">
          Search help articles
        </label>
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(e) => filter(e.target.value)}
          placeholder="Search questions, e.g. payment, W-9, verification"
          autoComplete="off"
          className="flex h-12 w-full rounded-md border border-input bg-background pl-9 pr-3 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        />
      </div>
      <p aria-live="polite" className="mt-3 min-h-5 text-sm text-muted-foreground">
        {count ? `${count} ${count === 1 ? "result" : "results"} for “${query.trim()}”` : ""}
      </p>
      {count === 0 && (
        <div className="mt-3 rounded-lg border border-dashed p-8 text-center" data-testid="faq-empty">
          <h2 className="text-lg font-semibold">No results found</h2>
          <p className="mt-2 text-muted-foreground">
            Nothing matches “{query.trim()}”. Try a different word, or contact support and we will answer within {SUPPORT_REPLY_TIME}.
          </p>
        </div>
      )}
    </div>
  );
}
