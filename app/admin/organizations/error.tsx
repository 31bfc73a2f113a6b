"use client";

import { AdminLoadError } from "@/components/admin/admin-load-error";

export default function AdminOrganizationsError({ reset }: { error: Error; reset: () => void }) {
  return <AdminLoadError title="Failed to load organizations" reset={reset} />;
}
