"use client";

import { useEffect, useRef } from "react";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** The warning before a message that takes contact or payment off the platform: edit it, or send it anyway. */
export function OffPlatformWarning({
  warning,
  pending,
  onEdit,
  onSendAnyway,
}: {
  warning: string;
  pending: boolean;
  onEdit: () => void;
  onSendAnyway: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // It replaces the Send button at the foot of a scrolling dialog: on a phone it would open
  // below the fold, so it brings itself (and its two buttons) into view.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, [warning]);
  return (
    <div
      ref={ref}
      role="alert"
      className="grid scroll-my-6 gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
      data-testid="message-warning"
    >
      <p className="flex gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {warning}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={onEdit}>
          Edit message
        </Button>
        <Button type="button" size="sm" onClick={onSendAnyway} disabled={pending}>
          {pending ? <Spinner /> : null} Send anyway
        </Button>
      </div>
    </div>
  );
}
