"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function AdminExpertError({ reset }: { error: Error; reset: () => void }) {
  return <AdminLoadError title="Failed to load expert details" reset={reset} />;
}
