import { AdminNav } from "@/components/admin/admin-nav";
import { BrowserZoneCookie } from "@/components/settings/browser-zone-cookie";

// Navigation only (and the browser zone report that admin times are shown in): every admin page
// checks the admin role itself on the server.
export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <AdminNav />
      <BrowserZoneCookie />
      {children}
    </div>
  );
}
