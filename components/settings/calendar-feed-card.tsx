"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { CalendarSync } from "lucide-react";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/settings/local-time";
import type { ActionResult } from "@/lib/accounts/action";

type Addresses = { https: string; webcal: string; issuedAt: string };
type Actions = {
  issue: (input: Record<string, never>) => Promise<ActionResult<Addresses>>;
  revoke: (input: Record<string, never>) => Promise<ActionResult<{ revoked: boolean }>>;
};

/** Where each calendar app subscribes to an address. */
function subscribeLinks(a: Addresses) {
  const name = encodeURIComponent("K12 Experts sessions");
  return [
    { app: "Google Calendar", href: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(a.webcal)}` },
    { app: "Outlook", href: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(a.https)}&name=${name}` },
    { app: "Apple Calendar", href: a.webcal },
  ];
}

/**
 * The person's private calendar feed: made on request (the address is shown once, since only its
 * hash is kept), re-made (the old address stops) or turned off, with a subscribe link for each
 * common calendar app and the address to copy.
 */
export function CalendarFeedCard({ issuedAt, actions, zone }: { issuedAt: string | null; actions: Actions; zone: string }) {
  const router = useRouter();
  const [fresh, setFresh] = useState<Addresses | null>(null);
  const [pending, startTransition] = useTransition();

  const run = <T,>(call: () => Promise<ActionResult<T>>, done: (data: T) => void) =>
    startTransition(async () => {
      const result = await call();
      if (!result.ok) {
        toast.error("Could not change your calendar feed", { description: result.message });
        return;
      }
      done(result.data);
      router.refresh();
    });
  const issue = () =>
    run(
      () => actions.issue({}),
      (a) => {
        setFresh(a);
        toast.success("Your calendar address is ready");
      },
    );
  const revoke = () =>
    run(
      () => actions.revoke({}),
      () => {
        setFresh(null);
        toast.success("Calendar feed turned off");
      },
    );

  return (
    <div className="space-y-4">
      {fresh ? (
        <div className="space-y-3" data-testid="calendar-feed-address">
          <div className="grid gap-1.5">
            <Label htmlFor="calendar-feed-url">Your calendar address</Label>
            <div className="flex gap-2">
              <Input
                id="calendar-feed-url"
                readOnly
                value={fresh.webcal}
                className="min-w-0 font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton text={fresh.webcal} what="calendar address" />
            </div>
            <p className="text-sm text-muted-foreground">
              Shown once: we keep only a fingerprint of it. Anyone with this address sees your sessions, so keep it to yourself.
            </p>
          </div>
          <ul className="flex flex-wrap gap-2" aria-label="Subscribe in your calendar app">
            {subscribeLinks(fresh).map((l) => (
              <li key={l.app}>
                <a
                  href={l.href}
                  target={l.app === "Apple Calendar" ? undefined : "_blank"}
                  rel="noopener noreferrer"
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  Subscribe in {l.app}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : issuedAt ? (
        <p className="text-sm">
          Your calendar feed is on; its address was made <LocalTime iso={issuedAt} zone={zone} />. To see the address again, make a new one
          (the old one then stops working).
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">You have no calendar feed yet.</p>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">How to subscribe in Google Calendar, Outlook or Apple Calendar</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
          <li>
            Google Calendar: press “Subscribe in Google Calendar”, or in Google Calendar choose Other calendars › + › From URL and paste the
            address.
          </li>
          <li>Outlook: press “Subscribe in Outlook”, or choose Add calendar › Subscribe from web and paste the address.</li>
          <li>
            Apple Calendar (Mac, iPhone, iPad): press “Subscribe in Apple Calendar”, or choose File › New Calendar Subscription and paste
            the address.
          </li>
          <li>Calendar apps check the feed every hour or so; a new or moved session can take that long to show.</li>
        </ul>
      </details>
      <div className="flex flex-wrap gap-2">
        {issuedAt || fresh ? (
          <>
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={pending}>
                  Make a new address
                </Button>
              }
              title="Make a new calendar address?"
              description="The current address stops working at once: calendars subscribed to it stop updating until you subscribe them to the new one."
              confirmLabel="Make a new address"
              onConfirm={issue}
            />
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={pending}>
                  Turn off the feed
                </Button>
              }
              title="Turn off your calendar feed?"
              description="Its address stops working at once, and subscribed calendars stop receiving your sessions."
              confirmLabel="Turn off"
              destructive
              onConfirm={revoke}
            />
          </>
        ) : (
          <Button onClick={issue} disabled={pending}>
            <CalendarSync aria-hidden className="size-4" /> Make my calendar address
          </Button>
        )}
      </div>
    </div>
  );
}
