"use client";

import { useState } from "react";
import Link from "next/link";
import { Bell, CheckCheck, Loader2 } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { lazyToast } from "@/components/ui/lazy-toast";
import { LocalTime } from "@/components/settings/local-time";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { listNotificationsAction, markNotificationsReadAction } from "@/lib/notifications/actions";
import type { NotificationItem } from "@/lib/notifications/views";

type Status = "idle" | "loading" | "ready" | "error";

/** A menu row that only says something (loading, empty, failed): not dimmed like a disabled action. */
const NOTE_CLASS = "text-muted-foreground data-[disabled]:opacity-100";

const badgeText = (n: number) => (n > 99 ? "99+" : String(n));

/**
 * The header's bell, for every signed-in person. The unread count arrives with the session
 * info (/api/me); the list itself is read only when the menu opens. While an admin views as
 * someone, the menu shows their notifications but leaves them unread.
 */
export function NotificationsMenu({ unread: initialUnread, impersonating }: { unread: number; impersonating: boolean }) {
  const [unread, setUnread] = useState(initialUnread);
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [status, setStatus] = useState<Status>("idle");
  // The person's own zone (an expert's profile, a client's setting), sent with the list.
  const [zone, setZone] = useState<string>();
  const [marking, setMarking] = useState(false);
  // The token of the older notices past the last row shown, or null when there are none.
  const [older, setOlder] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);

  async function load() {
    // The first open shows a loading row; later opens keep the rows in view while they refresh.
    if (status !== "ready") setStatus("loading");
    const result = await listNotificationsAction({});
    if (!result.ok) {
      setStatus((s) => (s === "ready" ? s : "error"));
      return;
    }
    setItems(result.data.items);
    setOlder(result.data.after);
    setUnread(result.data.unread);
    setZone(result.data.timeZone);
    setStatus("ready");
  }

  /** The next page of older notices, below the rows already shown. */
  async function loadOlder() {
    if (!older) return;
    setLoadingOlder(true);
    const result = await listNotificationsAction({ after: older });
    setLoadingOlder(false);
    if (!result.ok) {
      lazyToast.error("Failed to load older notifications", { description: result.message });
      return;
    }
    setItems((rows) => [...rows, ...result.data.items.filter((n) => !rows.some((r) => r.id === n.id))]);
    setOlder(result.data.after);
    setUnread(result.data.unread);
  }

  function markLocally(ids: string[] | null) {
    const now = new Date();
    setItems((rows) => rows.map((n) => (n.readAt || (ids && !ids.includes(n.id)) ? n : { ...n, readAt: now })));
  }

  async function markAll() {
    setMarking(true);
    const result = await markNotificationsReadAction({});
    setMarking(false);
    if (!result.ok) {
      lazyToast.error("Failed to mark notifications as read", { description: result.message });
      return;
    }
    markLocally(null);
    setUnread(result.data.unread);
  }

  /** Opening a notice marks it read; the link navigates meanwhile. */
  function open(n: NotificationItem) {
    if (n.readAt || impersonating) return;
    markLocally([n.id]);
    setUnread((c) => Math.max(0, c - 1));
    void markNotificationsReadAction({ ids: [n.id] }).then((result) => {
      if (result.ok) setUnread(result.data.unread);
    });
  }

  // The count stops at 100 (lib/notifications/notifications.ts): past 99 it says "99+".
  const label = unread > 0 ? `Notifications, ${badgeText(unread)} unread` : "Notifications";

  return (
    <DropdownMenu onOpenChange={(isOpen) => isOpen && void load()}>
      <DropdownMenuTrigger
        aria-label={label}
        data-testid="notifications-bell"
        className={buttonVariants({ variant: "ghost", size: null, className: "relative size-8" })}
      >
        <Bell aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute -top-1 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold leading-none text-destructive-foreground"
          >
            {badgeText(unread)}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        collisionPadding={8}
        aria-label="Notifications"
        aria-busy={status === "loading"}
        className="w-[min(24rem,calc(100vw-1rem))]"
      >
        <DropdownMenuLabel className="flex items-center justify-between">
          Notifications
          {unread > 0 && <span className="text-xs font-normal text-muted-foreground">{badgeText(unread)} unread</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />

        {status === "loading" || status === "idle" ? (
          <DropdownMenuItem disabled className={NOTE_CLASS}>
            <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" /> Loading notifications…
          </DropdownMenuItem>
        ) : status === "error" ? (
          <DropdownMenuItem
            className="text-destructive focus:text-destructive"
            onSelect={(e) => {
              e.preventDefault();
              void load();
            }}
          >
            Couldn&apos;t load notifications. Try again
          </DropdownMenuItem>
        ) : items.length === 0 ? (
          <DropdownMenuItem disabled className={NOTE_CLASS}>
            No notifications yet.
          </DropdownMenuItem>
        ) : (
          items.map((n) => (
            <DropdownMenuItem key={n.id} asChild className={n.readAt ? "items-start" : "items-start bg-primary/5"}>
              <Link href={n.href} onClick={() => open(n)} data-unread={n.readAt ? undefined : ""}>
                <span aria-hidden className={`mt-1.5 size-2 shrink-0 rounded-full ${n.readAt ? "bg-transparent" : "bg-primary"}`} />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className={`break-words ${n.readAt ? "font-medium" : "font-semibold"}`}>
                    {!n.readAt && <span className="sr-only">Unread: </span>}
                    {n.title}
                  </span>
                  <span className="break-words text-muted-foreground">{n.body}</span>
                  <span className="text-xs text-muted-foreground">
                    <LocalTime iso={new Date(n.createdAt).toISOString()} zone={zone} />
                  </span>
                </span>
              </Link>
            </DropdownMenuItem>
          ))
        )}
        {status === "ready" && older && (
          <DropdownMenuItem
            disabled={loadingOlder}
            data-testid="notifications-older"
            onSelect={(e) => {
              // Keep the menu open: the older rows are added below.
              e.preventDefault();
              void loadOlder();
            }}
          >
            {loadingOlder ? <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" /> : null}
            Show older notifications
          </DropdownMenuItem>
        )}

        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={unread === 0 || marking || impersonating}
          onSelect={(e) => {
            // Keep the menu open: the rows change in place.
            e.preventDefault();
            void markAll();
          }}
        >
          <CheckCheck aria-hidden /> Mark all as read
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
