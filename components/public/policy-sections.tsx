import type { PolicySection } from "@/lib/site/content/policies";
import { TableOfContents } from "@/components/public/table-of-contents";

/** A legal page's body: the table of contents beside the sections it links to. */
export function PolicySections({ sections }: { sections: PolicySection[] }) {
  return (
    <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
      <aside className="lg:order-first">
        <TableOfContents items={sections.map(({ id, title }) => ({ id, title }))} />
      </aside>
      <div className="min-w-0 space-y-10">
        {sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-24">
            <h2 id={`${s.id}-heading`} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
              {s.title}
            </h2>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 40)} className="mt-3 leading-7 text-muted-foreground">
                {p}
              </p>
            ))}
            {s.list && (
              <ul className="mt-3 list-disc space-y-2 pl-5 leading-7 text-muted-foreground">
                {s.list.map((item) => (
                  <li key={item.slice(0, 40)}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
