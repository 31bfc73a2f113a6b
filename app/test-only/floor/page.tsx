import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getActor } from "@/lib/accounts/session";
import { testRoutesEnabled } from "@/lib/platform/env";

export const metadata = { title: "Floor", robots: { index: false } };

/**
 * /test-only/floor is the least a signed-in page can cost: the proxy, the session read and the
 * root layout, rendered per request around one heading. `npm run bench:pages` measures it beside
 * the real pages, so their cost reads against what Next's per-request render alone takes.
 * TEST_ROUTES=1 only; elsewhere 404.
 */
export default async function FloorPage() {
  await connection();
  if (!testRoutesEnabled()) notFound();
  const actor = await getActor();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Floor</h1>
      <p>{actor ? "Signed in" : "Not signed in"}</p>
    </div>
  );
}
