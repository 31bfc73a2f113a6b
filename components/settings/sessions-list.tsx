"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { LocalTime } from "@/components/settings/local-time";
import { describeDevice } from "@/components/settings/describe-device";
import type { ActionResult } from "@/lib/accounts/action";
import type { ActiveSessionRow } from "@/lib/accounts/views";

type Actions = {
  signOutOne: (input: { sessionId: string }) => Promise<ActionResult<null>>;
  signOutOthers: (input: Record<string, never>) => Promise<ActionResult<{ ended: number }>>;
};

export function SessionsList({ sessions, actions, zone }: { sessions: ActiveSessionRow[]; actions: Actions; zone: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [, startTransition] = useTransition();
  const others = sessions.filter((s) => !s.current).length;

  async function run<T>(key: string, call: () => Promise<ActionResult<T>>, success: (data: T) => string) {
    setBusy(key);
    const result = await call();
    setBusy(null);
    if (!result.ok) {
      toast.error("Could not sign out", { description: result.message });
      return;
    }
    toast.success(success(result.data));
    startTransition(() => router.refresh());
  }

  return (
    <div className="space-y-4">
      <ul className="divide-y rounded-md border" aria-label="Active sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="session-row">
            <div className="space-y-1 text-sm">
              <p className="font-medium">
                {s.kind === "api" ? "API token" : describeDevice(s.userAgent)} {s.current && <Badge variant="secondary">This device</Badge>}
              </p>
              <p className="text-muted-foreground">
                {s.ipAddress ?? "Unknown address"} · signed in <LocalTime iso={s.createdAt} zone={zone} /> · last active{" "}
                <LocalTime iso={s.lastSeenAt} zone={zone} />
              </p>
            </div>
            {!s.current && (
              <Button
                variant="outline"
                size="sm"
                disabled={busy !== null}
                aria-busy={busy === s.id}
                onClick={() =>
                  run(
                    s.id,
                    () => actions.signOutOne({ sessionId: s.id }),
                    () => "Session signed out",
                  )
                }
              >
                {busy === s.id ? "Signing out…" : "Sign out"}
                <span className="sr-only"> {describeDevice(s.userAgent)}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" disabled={others === 0 || busy !== null} aria-busy={busy === "others"}>
            {busy === "others" ? "Signing out…" : "Sign out other sessions"}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Sign out other sessions?</AlertDialogTitle>
            <AlertDialogDescription>
              Every other browser and API token signed in to your account will be signed out. This device stays signed in.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                run(
                  "others",
                  () => actions.signOutOthers({}),
                  (d) => `${d.ended} other session${d.ended === 1 ? "" : "s"} signed out`,
                )
              }
            >
              Sign out other sessions
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
