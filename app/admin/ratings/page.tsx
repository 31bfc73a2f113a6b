import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { listLowRatings, LOW_SCORE } from "@/lib/experts/ratings";
import { formatDateTime } from "@/lib/platform/format";
import { Badge } from "@/components/ui/badge";

export const metadata: Metadata = {
  title: "Low ratings",
  description: "Ratings with a low score, from clients and from experts.",
  robots: { index: false },
};

export default async function AdminRatingsPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/ratings");
  const zone = await adminZone();
  const rows = await listLowRatings(actor);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Low ratings</h1>
        <p className="text-sm text-muted-foreground">
          Every rating with a score of {LOW_SCORE} or less in any dimension, both directions, newest first. Clients&apos; private notes show
          here and nowhere else.
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border p-6 text-sm text-muted-foreground">No low ratings.</p>
      ) : (
        <ul className="grid gap-4">
          {rows.map((r) => (
            <li
              key={`${r.direction}:${r.engagementId}`}
              className="grid gap-2 rounded-lg border bg-card p-4 text-sm shadow-sm"
              data-testid="low-rating"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="text-base font-semibold">{r.projectTitle}</h2>
                  <p className="text-muted-foreground">
                    {r.direction === "client_rated_expert"
                      ? `${r.clientName}${r.organization ? ` (${r.organization})` : ""} rated ${r.expertName}`
                      : `${r.expertName} rated ${r.clientName}${r.organization ? ` (${r.organization})` : ""}`}{" "}
                    · {formatDateTime(r.createdAt, zone)}
                  </p>
                </div>
                <Badge variant="outline">{r.direction === "client_rated_expert" ? "Client → expert" : "Expert → client"}</Badge>
              </div>
              <dl className="flex flex-wrap gap-x-4 gap-y-1">
                {r.scores.map((s) => (
                  <div key={s.label} className="flex gap-1">
                    <dt>{s.label}</dt>
                    <dd className={s.value <= LOW_SCORE ? "font-semibold text-destructive" : "font-medium"}>{s.value}/5</dd>
                  </div>
                ))}
              </dl>
              {r.privateNote && (
                <div>
                  <p className="text-xs font-medium text-muted-foreground">Private note (never shown to the expert)</p>
                  <blockquote className="border-l-2 pl-2 whitespace-pre-line">{r.privateNote}</blockquote>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
