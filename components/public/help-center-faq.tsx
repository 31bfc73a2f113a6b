import { ChevronDown } from "@/components/ui/icons";
import type { FaqCategory } from "@/lib/site/content/help-center";

const searchText = (category: string, q: string, a: string) => `${category} ${q} ${a}`.toLowerCase();

/**
 * The FAQ as server-rendered disclosure widgets (<details>/<summary>): keyboard-usable with no
 * JavaScript, so the page ships almost nothing for it. The search island filters these in place.
 */
export function HelpCenterFaq({ categories }: { categories: FaqCategory[] }) {
  return (
    <div id="faq-list" className="space-y-8">
      {categories.map((c) => (
        <section key={c.id} aria-labelledby={`faq-${c.id}`} data-faq-category>
          <h2 id={`faq-${c.id}`} className="text-xl font-semibold">
            {c.title}
          </h2>
          <div className="mt-2 divide-y rounded-lg border px-4">
            {c.faqs.map((f) => (
              <details
                key={f.id}
                id={`${c.id}-${f.id}`}
                data-faq-item
                data-faq-text={searchText(c.title, f.question, f.answer)}
                className="group"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 text-left text-base font-medium hover:underline [&::-webkit-details-marker]:hidden">
                  {f.question}
                  <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
                </summary>
                <p className="pb-4 leading-7 text-muted-foreground">{f.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
