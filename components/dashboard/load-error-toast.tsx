"use client";

import { useEffect } from "react";
import { toast } from "sonner";

/** Shows a load-error toast (e.g. "Failed to load opportunities") once, when a server-rendered widget could not read its data. */
export function LoadErrorToast({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    toast.error(title, { description });
  }, [title, description]);
  return null;
}
