import { ClientNav } from "@/components/client/client-nav";

// Navigation only: every client page checks the session and role itself on the server.
export default function ClientLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-4 pt-6 sm:px-6">
        <ClientNav />
      </div>
      {children}
    </>
  );
}
