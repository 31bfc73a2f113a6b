"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function AdminUsersError({ reset }: { error: Error; reset: () => void }) {
  return <AdminLoadError title="Failed to load users" reset={reset} />;
}
