"use client";

import { createContext, use, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { cn } from "@/lib/platform/utils";

type Navigation = { pending: boolean; go: (href: string) => void };

const DirectoryNavigationContext = createContext<Navigation | null>(null);

/**
 * The filter panel and the results share one transition: a filter change pushes the new URL
 * inside it, and the results dim (aria-busy) until the server has answered, so a click never
 * looks dead.
 */
export function DirectoryNavigation({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const go = (href: string) => startTransition(() => router.push(href, { scroll: false }));
  return <DirectoryNavigationContext value={{ pending, go }}>{children}</DirectoryNavigationContext>;
}

export function useDirectoryNavigation(): Navigation {
  const nav = use(DirectoryNavigationContext);
  if (!nav) throw new Error("useDirectoryNavigation needs <DirectoryNavigation> above it");
  return nav;
}

/** The results while a filter change loads: dimmed, busy, with a visible "Updating results…". */
export function DirectoryResultsFrame({ children }: { children: ReactNode }) {
  const { pending } = useDirectoryNavigation();
  return (
    <div className="relative min-w-0 flex-1" aria-busy={pending} data-testid="directory-results">
      {pending ? (
        <p className="absolute inset-x-0 top-0 z-10 flex justify-center">
          <span role="status" className="flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-sm shadow-sm">
            <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> Updating results…
          </span>
        </p>
      ) : null}
      <div className={cn("transition-opacity", pending && "pointer-events-none opacity-50")}>{children}</div>
    </div>
  );
}
