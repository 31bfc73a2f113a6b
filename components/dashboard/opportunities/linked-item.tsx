"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { useDashboardAddress } from "@/components/dashboard/use-dashboard-address";
import { cn } from "@/lib/platform/utils";

/**
 * One card of the Opportunities lists (or of the completed sessions). The card a link points at
 * (?engagement=… from a notice or the Overview, ?project=… from a new-study notice) is marked,
 * scrolled to the middle of the screen and focused, so a screen reader starts there too.
 */
export function LinkedItem({
  engagementId,
  projectId = null,
  className,
  testId = "opportunity",
  children,
}: {
  engagementId: string | null;
  projectId?: string | null;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { engagement, project } = useDashboardAddress();
  const linked = Boolean((engagement && engagement === engagementId) || (project && project === projectId));
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!linked || !ref.current) return;
    ref.current.scrollIntoView({ block: "center" });
    ref.current.focus({ preventScroll: true });
  }, [linked]);
  return (
    <li
      ref={ref}
      tabIndex={linked ? -1 : undefined}
      aria-current={linked ? "true" : undefined}
      data-linked={linked ? "" : undefined}
      data-testid={testId}
      className={cn(
        className,
        "scroll-mt-24 outline-none data-[linked]:border-primary data-[linked]:bg-primary/5 data-[linked]:ring-2 data-[linked]:ring-primary",
      )}
    >
      {children}
    </li>
  );
}
