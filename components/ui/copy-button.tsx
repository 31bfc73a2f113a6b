"use client";

import { useEffect, useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import { Button } from "@/components/ui/button";

/** How long the button says "Copied" before it offers to copy again. */
const CONFIRM_MS = 2500;

/** Copies through the selection when the clipboard API is missing (a page served over plain http). */
function copyBySelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * A button that copies one address or code a person must paste elsewhere. Its name says what it
 * copies ("Copy completion address"); once copied it says "Copied" on screen and to a screen
 * reader, and if the browser refuses, it says to copy the text by hand.
 */
export function CopyButton({ text, what, className }: { text: string; what: string; className?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  async function copy() {
    let ok = false;
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(text);
        ok = true;
      } else ok = copyBySelection(text);
    } catch {
      ok = copyBySelection(text);
    }
    setState(ok ? "copied" : "failed");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), CONFIRM_MS);
  }

  return (
    <span className={className}>
      <Button type="button" size="sm" variant="outline" onClick={() => void copy()} aria-label={`Copy ${what}`}>
        {state === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === "copied" ? "Copied" : "Copy"}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied"
          ? `${what[0].toUpperCase()}${what.slice(1)} copied`
          : state === "failed"
            ? `Could not copy: select the ${what} and copy it`
            : ""}
      </span>
    </span>
  );
}
