"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function AdminPayoutsError({ reset }: { error: Error; reset: () => void }) {
  return <AdminLoadError title="Failed to load payouts" reset={reset} />;
}
