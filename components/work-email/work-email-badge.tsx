"use client";

import { useEffect, useState } from "react";
import { BadgeCheck } from "lucide-react";
import { useSessionInfo } from "@/components/session/session-info-provider";
import { workEmailBadgesAction } from "@/lib/experts/actions/work-email";
import { Badge } from "@/components/ui/badge";

type BadgeData = {
  state: "verified" | "reconfirm";
  label: string;
  district: { name: string; state: string; locale: string | null; size: string | null } | null;
};

// The cards of one directory page ask together: ids collected in the same tick go in one request.
let queued: { ids: Set<string>; result: Promise<Record<string, BadgeData>> } | null = null;
function loadBadge(expertId: string): Promise<BadgeData | null> {
  if (!queued) {
    const ids = new Set<string>();
    const result = new Promise<Record<string, BadgeData>>((resolve) => {
      setTimeout(() => {
        queued = null;
        void workEmailBadgesAction({ expertIds: [...ids] }).then(
          (r) => resolve(r.ok ? r.data : {}),
          () => resolve({}),
        );
      }, 0);
    });
    queued = { ids, result };
  }
  queued.ids.add(expertId);
  return queued.result.then((all) => all[expertId] ?? null);
}

/**
 * "School e-mail verified (2026–27)", and the district it names with the NCES locale group and
 * enrollment band, for signed-in clients and admins: fetched per viewer,
 * never part of the cached public page, and never the address.
 */
export function WorkEmailBadge({ expertId }: { expertId: string }) {
  const { info } = useSessionInfo();
  const mayRead = Boolean(info?.signedIn && (info.roles.includes("client") || info.roles.includes("admin")) && info.role !== "expert");
  const [badge, setBadge] = useState<BadgeData | null>(null);
  useEffect(() => {
    if (!mayRead) return;
    let live = true;
    void loadBadge(expertId).then((b) => {
      if (live) setBadge(b);
    });
    return () => {
      live = false;
    };
  }, [mayRead, expertId]);
  if (!mayRead || !badge) return null;
  const { district } = badge;
  const facts = district ? [district.locale, district.size].filter(Boolean).join(" · ") : "";
  return (
    <>
      <Badge variant={badge.state === "verified" ? "secondary" : "outline"} className="gap-1" data-testid="work-email-badge">
        <BadgeCheck className="size-3.5" aria-hidden="true" />
        {badge.label}
      </Badge>
      {district && (
        <span className="inline-flex flex-col text-xs" data-testid="district-badge">
          <span className="inline-flex items-center gap-1 font-medium">
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            District verified: {district.name}, {district.state}
          </span>
          {facts && <span className="text-muted-foreground">NCES: {facts}</span>}
        </span>
      )}
    </>
  );
}
