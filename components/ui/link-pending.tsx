"use client";

import { useLinkStatus } from "next/link";
import { Loader2 } from "lucide-react";

/** Inside a <Link>: a small spinner while the navigation that link started is loading. */
export function LinkPending() {
  const { pending } = useLinkStatus();
  return pending ? (
    <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" data-testid="link-pending" />
  ) : null;
}
