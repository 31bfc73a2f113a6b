"use client";

import Link from "next/link";
import { ChevronDown, LayoutDashboard, LogIn, LogOut, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useSessionInfo } from "@/components/session/session-info-provider";
import { ViewAsMenu } from "@/components/admin/view-as-menu";

/** The header's per-user part: a client island, so the page around it stays cacheable. */
export function AccountMenu() {
  const { info } = useSessionInfo();

  if (!info) return <Skeleton className="h-9 w-40" />;

  if (!info.signedIn) {
    return (
      <>
        <div className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost" size="sm">
            <Link href="/register">Join as Expert</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link href="/client/login">Client Login</Link>
          </Button>
          <Button asChild size="sm">
            <Link href="/login">General Login</Link>
          </Button>
        </div>
        <div className="md:hidden">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm" aria-label="Account menu">
                Menu <ChevronDown aria-hidden className="size-4" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem asChild>
                <Link href="/register"><UserPlus aria-hidden className="size-4" /> Join as Expert</Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link href="/client/login"><LogIn aria-hidden className="size-4" /> Client Login</Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link href="/login"><LogIn aria-hidden className="size-4" /> General Login</Link>
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </>
    );
  }

  return (
    <div className="flex items-center gap-2">
      <span className="hidden max-w-56 truncate text-sm text-muted-foreground lg:inline" data-testid="header-email">
        {info.email}
      </span>
      {info.isAdmin && <ViewAsMenu impersonating={info.impersonating} />}
      <Button asChild size="sm">
        <Link href={info.home}>
          <LayoutDashboard aria-hidden className="size-4" /> <span className="sr-only sm:not-sr-only">My Dashboard</span>
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link href="/logout">
          <LogOut aria-hidden className="size-4" /> <span className="sr-only sm:not-sr-only">Logout</span>
        </Link>
      </Button>
    </div>
  );
}
