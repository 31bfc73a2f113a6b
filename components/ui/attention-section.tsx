import type { ReactNode } from "react";
import { CheckCircle2 } from "@/components/ui/icons";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/platform/utils";

/** One kind of thing that waits on the reader; groups with nothing in them are left out (pass false). */
export type AttentionGroup = { key: string; title: string; body: ReactNode };

/**
 * "Needs your attention": the first thing on a dashboard, one card per kind of thing that waits
 * on the reader, each saying where (or how) it is done. Nothing waiting says so, so an empty
 * section never looks like a load failure. The client's and the expert's dashboards both lead with it.
 */
export function AttentionSection({ groups, className }: { groups: (AttentionGroup | false | null)[]; className?: string }) {
  const shown = groups.filter((g): g is AttentionGroup => Boolean(g));
  return (
    <section aria-labelledby="attention-heading" className={cn("mt-6", className)} data-testid="attention-panel">
      <h2 id="attention-heading" className="mb-3 text-xl font-semibold">
        Needs your attention
      </h2>
      {shown.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg border p-4 text-sm text-muted-foreground">
          <CheckCircle2 className="size-4 text-success" aria-hidden="true" /> Nothing needs you right now.
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {shown.map((g) => (
            <li key={g.key}>
              <Card className="h-full" data-testid={`attention-${g.key}`}>
                <CardHeader className="pb-2">
                  <CardTitle as="h3" className="text-base">
                    {g.title}
                  </CardTitle>
                </CardHeader>
                <CardContent>{g.body}</CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
