"use client";

import dynamic from "next/dynamic";

// The toast container loads right after hydration instead of with every page's first bytes:
// pages that raise toasts import sonner themselves; static pages stay lighter.
export const LazyToaster = dynamic(() => import("@/components/ui/toaster").then((m) => m.Toaster), { ssr: false });
