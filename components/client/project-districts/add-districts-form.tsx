"use client";

import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { addProjectDistrictsAction, findDistrictsAction } from "@/lib/projects/actions/district-approvals";

type Found = { leaid: string; name: string; state: string; city: string | null };

/** Adds target districts: from the sample plan's open cells, wherever the invitees work, or a search. */
export function AddDistrictsForm({ projectId }: { projectId: string }) {
  const id = useId();
  const { pending, run } = useActionRunner();
  const [searching, startSearch] = useTransition();
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Found[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const added = (d: { added: number }) => (d.added === 1 ? "1 district added" : `${d.added} districts added`);

  function search(e: React.FormEvent) {
    e.preventDefault();
    startSearch(async () => {
      const res = await findDistrictsAction({ q });
      if (!res.ok) {
        setError(res.message);
        setFound(null);
        return;
      }
      setError(null);
      setFound(res.data);
    });
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={pending}
          onClick={() => run(() => addProjectDistrictsAction({ projectId, by: "plan" }), added)}
        >
          Add from the sample plan&apos;s cells
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={pending}
          onClick={() => run(() => addProjectDistrictsAction({ projectId, by: "invitees" }), added)}
        >
          Add wherever my invitees work
        </Button>
      </div>
      <form role="search" onSubmit={search} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1">
          <Label htmlFor={`${id}-q`}>Find a district</Label>
          <Input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Name or state (TX)"
            maxLength={100}
            aria-describedby={`${id}-err`}
          />
        </div>
        <Button type="submit" variant="outline" size="sm" disabled={searching}>
          {searching ? "Searching…" : "Search"}
        </Button>
      </form>
      {error ? (
        <p id={`${id}-err`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {found ? (
        found.length === 0 ? (
          <p className="text-sm text-muted-foreground">No district on file matches.</p>
        ) : (
          <ul className="grid gap-1" aria-label="Districts found">
            {found.map((d) => (
              <li key={d.leaid} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="break-words">
                  {d.name}, {d.city ? `${d.city}, ` : ""}
                  {d.state}
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={pending}
                  aria-label={`Add ${d.name}`}
                  onClick={() => run(() => addProjectDistrictsAction({ projectId, by: "search", leaids: [d.leaid] }), added)}
                >
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
