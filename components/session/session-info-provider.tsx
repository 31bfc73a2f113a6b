"use client";

import { createContext, useCallback, useContext, useEffect, useState } from "react";

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
    try {
      const res = await fetch("/api/me", { cache: "no-store", credentials: "same-origin" });
      const body = (await res.json()) as { success: boolean; data?: ClientSessionInfo };
      setInfo(body.success && body.data ? body.data : { signedIn: false });
    } catch {
      setInfo({ signedIn: false });
    }
  }, []);
  useEffect(() => {
    // Fetching on mount is the point: the signed-in state is per user, the page is not.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
  }, [refresh]);
  return <SessionInfoContext.Provider value={{ info, refresh }}>{children}</SessionInfoContext.Provider>;
}

export const useSessionInfo = () => useContext(SessionInfoContext);
