"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function AdminDashboardError({ reset }: { error: Error; reset: () => void }) {
  return <AdminLoadError title="Failed to load experts data" reset={reset} />;
}
