"use client";

import { useId, useMemo, useState } from "react";
import { Search } from "lucide-react";
import type { FaqCategory } from "@/lib/content/help-center";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const normalise = (s: string) => s.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "");

/** The FAQ accordion, filtered as you type across questions and answers (001 §2.7). */
export function HelpCenterSearch({ categories }: { categories: FaqCategory[] }) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<string[]>([]);
  const inputId = useId();
  const terms = normalise(query).split(/\s+/).filter(Boolean);

  const filtered = useMemo(
    () =>
      categories
        .map((c) => ({
          ...c,
          faqs: c.faqs.filter((f) => {
            const hay = normalise(`${c.title} ${f.question} ${f.answer}`);
            return terms.every((t) => hay.includes(t));
          }),
        }))
        .filter((c) => c.faqs.length > 0),
    // terms is derived from query
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [categories, query],
  );
  const count = filtered.reduce((n, c) => n + c.faqs.length, 0);
  // While searching, every match is shown open so the answer text is visible.
  const openValues = terms.length ? filtered.flatMap((c) => c.faqs.map((f) => `${c.id}:${f.id}`)) : open;

  return (
    <div>
      <div role="search" className="relative max-w-xl">
        <Label htmlFor={inputId} className="sr-only">Search help articles</Label>
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={inputId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search questions, e.g. payment, W-9, verification"
          className="h-12 pl-9"
          autoComplete="off"
        />
      </div>
      <p aria-live="polite" className="mt-3 text-sm text-muted-foreground">
        {terms.length ? (count ? `${count} ${count === 1 ? "result" : "results"} for “${query.trim()}”` : "") : ""}
      </p>
      {count === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed p-8 text-center" data-testid="faq-empty">
          <h2 className="text-lg font-semibold">No results found</h2>
          <p className="mt-2 text-muted-foreground">
            Nothing matches “{query.trim()}”. Try a different word, or contact support and we will answer within 2-3 business days.
          </p>
        </div>
      ) : (
        <div className="mt-6 space-y-8">
          {filtered.map((c) => (
            <section key={c.id} aria-labelledby={`faq-${c.id}`}>
              <h2 id={`faq-${c.id}`} className="text-xl font-semibold">{c.title}</h2>
              <Accordion
                type="multiple"
                value={openValues}
                onValueChange={(v) => !terms.length && setOpen(v)}
                className="mt-2 rounded-lg border px-4"
              >
                {c.faqs.map((f) => (
                  <AccordionItem key={f.id} value={`${c.id}:${f.id}`}>
                    <AccordionTrigger className="text-base">{f.question}</AccordionTrigger>
                    <AccordionContent className="leading-7 text-muted-foreground">{f.answer}</AccordionContent>
                  </AccordionItem>
                ))}
              </Accordion>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
