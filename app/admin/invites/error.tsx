"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function AdminInvitesError({ reset }: { error: Error; reset: () => void }) {
  return <AdminLoadError title="Failed to load invites" reset={reset} />;
}
