import { ClientNav } from "@/components/client/client-nav";
import { getActor } from "@/lib/accounts/session";
import { clientPagesFor } from "@/lib/organizations/member-access";

// Navigation only: every client page checks the session and role itself on the server. The
// links are the pages this person's organization role can open.
export default async function ClientLayout({ children }: { children: React.ReactNode }) {
  const actor = await getActor();
  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-4 pt-6 sm:px-6">
        <ClientNav pages={actor ? clientPagesFor(actor) : []} />
      </div>
      {children}
    </>
  );
}
