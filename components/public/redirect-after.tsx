"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";

/** Counts down, then navigates (used by /404-test to show the real not-found page). */
export function RedirectAfter({ to, seconds }: { to: string; seconds: number }) {
  const router = useRouter();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const tick = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    const go = setTimeout(() => router.push(to), seconds * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(go);
    };
  }, [router, to, seconds]);
  return (
    <p aria-live="polite" className="mt-3 text-muted-foreground">
      Redirecting in {left} {left === 1 ? "second" : "seconds"}…
    </p>
  );
}
