"use client";

import { useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import type { ActionResult } from "@/lib/accounts/action";
import { useHydrated } from "@/components/ui/use-hydrated";

const MAX_BYTES = 10 * 1024 * 1024;

export type PdfUploadField = "file" | "expiresOn";

type Options<T> = {
  /** What to say when no file is chosen. */
  missingFile: string;
  /** What to say when the expiry date is required and empty; null while it is not required. */
  missingExpiry: string | null;
  send: (data: FormData) => Promise<ActionResult<T>>;
  /** After the server took the file, before the page is read again. */
  onSent: (data: T) => void;
};

/**
 * A form that sends one PDF (up to 10 MB) and perhaps the last day it is valid to a server
 * action. The file is checked before it is sent; a refusal lands on the field it names (the
 * file otherwise); a success clears the form and reads the page again. The submit button waits
 * for `hydrated`: a click on the server's HTML would send the browser's own GET without the file.
 */
export function usePdfUpload<T>({ missingFile, missingExpiry, send, onSent }: Options<T>) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const [error, setError] = useState<{ field: PdfUploadField; message: string } | null>(null);
  const [running, setRunning] = useState(false);
  const [refreshing, startTransition] = useTransition();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) return setError({ field: "file", message: missingFile });
    if (file.size > MAX_BYTES) return setError({ field: "file", message: "The file is larger than 10 MB. Upload a smaller PDF." });
    if (missingExpiry && !data.get("expiresOn")) return setError({ field: "expiresOn", message: missingExpiry });
    setRunning(true);
    try {
      const res = await send(data);
      if (!res.ok) return setError({ field: res.fieldErrors?.expiresOn ? "expiresOn" : "file", message: res.message });
      onSent(res.data);
      form.current?.reset();
      setError(null);
      startTransition(() => router.refresh());
    } catch {
      setError({ field: "file", message: "We could not reach the server. Please try again." });
    } finally {
      setRunning(false);
    }
  }

  return { form, submit, error, clearError: () => setError(null), pending: running || refreshing, hydrated };
}
