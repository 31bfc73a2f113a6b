"use client";

import { useRef } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { ChevronDown, LayoutDashboard, LogIn, LogOut, ShieldCheck, UserPlus } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { SKELETON_CLASS } from "@/components/ui/skeleton-class";
import { useSessionInfo } from "@/components/session/session-info-provider";

// Only admins see View As: its menu code loads for them alone, keeping every public page light.
const ViewAsMenu = dynamic(() => import("@/components/layout/view-as-menu").then((m) => m.ViewAsMenu), {
  ssr: false,
  loading: () => <HeaderSkeleton className="w-24" />,
});

// The bell's menu code (Radix) loads only once someone is signed in, never on a signed-out page.
const NotificationsMenu = dynamic(() => import("@/components/layout/notifications-menu").then((m) => m.NotificationsMenu), {
  ssr: false,
  loading: () => <HeaderSkeleton className="w-10" />,
});

const MENU_LINKS = [
  { href: "/register", label: "Join as Expert", icon: UserPlus },
  { href: "/client/login", label: "Client Login", icon: LogIn },
  { href: "/login", label: "General Login", icon: LogIn },
];

// Plain elements styled with buttonVariants: this island ships on every page, so it stays free
// of Button's Slot and tailwind-merge (see components/ui/button-variants.ts).
const HeaderSkeleton = ({ className }: { className: string }) => (
  <div aria-hidden="true" className={`h-9 ${SKELETON_CLASS} ${className}`} />
);

/** The signed-out links on small screens: a native disclosure (keyboard-ready, no menu library). */
function SmallScreenMenu() {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details} className="relative md:hidden">
      <summary
        className={buttonVariants({
          variant: "outline",
          size: "sm",
          className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        })}
      >
        Menu <ChevronDown aria-hidden className="size-4" />
      </summary>
      <ul className="absolute right-0 z-50 mt-2 w-48 rounded-md border bg-background p-1 shadow-md">
        {MENU_LINKS.map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              onClick={() => details.current?.removeAttribute("open")}
              className="flex items-center gap-2 rounded-sm px-3 py-2 text-sm hover:bg-muted focus-visible:bg-muted"
            >
              <Icon aria-hidden className="size-4" /> {label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The header's per-user part: a client island, so the page around it stays cacheable. */
export function AccountMenu() {
  const { info } = useSessionInfo();

  if (!info) return <HeaderSkeleton className="w-40" />;

  if (!info.signedIn) {
    return (
      <>
        <div className="hidden items-center gap-2 md:flex">
          <Link href="/register" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            Join as Expert
          </Link>
          <Link href="/client/login" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Client Login
          </Link>
          <Link href="/login" className={buttonVariants({ size: "sm" })}>
            General Login
          </Link>
        </div>
        <SmallScreenMenu />
      </>
    );
  }

  // Tighter on a phone: with the bell, four icon buttons share 375 px with the logo.
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <span className="hidden max-w-56 truncate text-sm text-muted-foreground lg:inline" data-testid="header-email">
        {info.email}
      </span>
      {info.isAdmin && <ViewAsMenu impersonating={info.impersonating} />}
      {/* Keyed by the count: a fresh session read (sign-in, persona switch) starts it over. */}
      <NotificationsMenu key={info.unreadNotifications} unread={info.unreadNotifications} impersonating={info.impersonating} />
      <Link href={info.home} className={buttonVariants({ size: "sm" })}>
        <LayoutDashboard aria-hidden className="size-4" /> <span className="sr-only sm:not-sr-only">My Dashboard</span>
      </Link>
      {!info.impersonating && (
        <Link href="/settings/security" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ShieldCheck aria-hidden className="size-4" /> <span className="sr-only lg:not-sr-only">Security</span>
        </Link>
      )}
      <Link href="/logout" className={buttonVariants({ variant: "outline", size: "sm" })}>
        <LogOut aria-hidden className="size-4" /> <span className="sr-only sm:not-sr-only">Logout</span>
      </Link>
    </div>
  );
}
