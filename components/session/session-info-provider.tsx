"use client";

import { useEffect, useSyncExternalStore } from "react";

export type ClientSessionInfo =
  | { signedIn: false }
  | {
      signedIn: true;
      email: string;
      role: "admin" | "client" | "expert";
      roles: ("admin" | "client" | "expert")[];
      home: string;
      onboardingComplete: boolean;
      impersonating: boolean;
      realEmail: string;
      isAdmin: boolean;
      unreadNotifications: number;
    };

/*
 * Who is signed in lives in a small store outside React, not in a context. The answer to /api/me
 * usually arrives while the page below is still streaming in. A context change above a part that
 * has not hydrated yet makes React give up that part's server HTML and render it again in the
 * browser (even inside a transition, when the part's HTML has not arrived yet): the server's
 * hidden copy then stays in the document beside the new one, and a file already chosen in a form
 * of that part is lost. A store update re-renders only the components that read it.
 */
let current: ClientSessionInfo | null = null;
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;

function publish(next: ClientSessionInfo) {
  current = next;
  for (const listener of listeners) listener();
}

async function load(): Promise<void> {
  let next: ClientSessionInfo;
  try {
    const res = await fetch("/api/me", { cache: "no-store", credentials: "same-origin" });
    const body = (await res.json()) as { success: boolean; data?: ClientSessionInfo };
    next = body.success && body.data ? body.data : { signedIn: false };
  } catch {
    next = { signedIn: false };
  }
  publish(next);
}

/** Reads the session again; callers that start together share one request. */
function refresh(): Promise<void> {
  inFlight ??= load().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => current;
// The server's HTML never knows the visitor: the page is the same for everyone and can be cached.
const readOnServer = () => null;

/** Loads who is signed in after the page arrives, so the page itself can be cached. */
export function SessionInfoProvider({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    // Fetching on mount is the point: the signed-in state is per user, the page is not.
    void refresh();
    // A sign-in or sign-out in another tab: next-auth's client tells the other tabs through this
    // storage key, and each header then reads the session again instead of showing the old one.
    const onStorage = (e: StorageEvent) => {
      if (e.key === "nextauth.message") void refresh();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);
  return children;
}

export function useSessionInfo(): { info: ClientSessionInfo | null; refresh: () => Promise<void> } {
  const info = useSyncExternalStore(subscribe, read, readOnServer);
  return { info, refresh };
}
