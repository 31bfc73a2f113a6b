"use client";

import { useEffect, useState } from "react";
import { Mail } from "lucide-react";
import { useSessionInfo } from "@/components/session/session-info-provider";
import { expertEmailForAdminAction } from "@/lib/projects/actions/projects";

/** Admins see the expert's e-mail. Fetched per admin, never part of the cached page. */
export function AdminExpertEmail({ expertId }: { expertId: string }) {
  const { info } = useSessionInfo();
  const isAdmin = Boolean(info?.signedIn && info.roles.includes("admin") && !info.impersonating);
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    if (!isAdmin) return;
    let live = true;
    void expertEmailForAdminAction({ expertId }).then((r) => {
      if (live && r.ok) setEmail(r.data);
    });
    return () => {
      live = false;
    };
  }, [isAdmin, expertId]);
  if (!isAdmin || !email) return null;
  return (
    <p className="mt-2 inline-flex items-center gap-2 text-sm text-muted-foreground">
      <Mail className="size-4" aria-hidden="true" /> <span>Admin view: {email}</span>
    </p>
  );
}
