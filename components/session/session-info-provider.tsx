"use client";

import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState } from "react";

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

type State = { info: ClientSessionInfo | null; refresh: () => Promise<void> };
const SessionInfoContext = createContext<State>({ info: null, refresh: async () => {} });

/** Loads who is signed in after the page arrives, so the page itself can be cached. */
export function SessionInfoProvider({ children }: { children: React.ReactNode }) {
  const [info, setInfo] = useState<ClientSessionInfo | null>(null);
  const refresh = useCallback(async () => {
    let next: ClientSessionInfo;
    try {
      const res = await fetch("/api/me", { cache: "no-store", credentials: "same-origin" });
      const body = (await res.json()) as { success: boolean; data?: ClientSessionInfo };
      next = body.success && body.data ? body.data : { signedIn: false };
    } catch {
      next = { signedIn: false };
    }
    // The answer usually arrives while the page below is still streaming in. An urgent update
    // of this context would make React drop the server's HTML of every part not yet hydrated and
    // render it again in the browser; as a transition, those parts hydrate first and render once.
    startTransition(() => setInfo(next));
  }, []);
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
  }, [refresh]);
  const value = useMemo(() => ({ info, refresh }), [info, refresh]);
  return <SessionInfoContext.Provider value={value}>{children}</SessionInfoContext.Provider>;
}

export const useSessionInfo = () => useContext(SessionInfoContext);
