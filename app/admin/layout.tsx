import { AdminNav } from "@/components/admin/admin-nav";

// Navigation only: every admin page checks the admin role itself on the server.
export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <AdminNav />
      {children}
    </div>
  );
}
