import "server-only";
import { revalidatePath } from "next/cache";
import { purgeEdgePaths } from "@/lib/platform/edge-cache";

// One home for invalidating the public, cached pages that show experts. Call after any change
// that alters what the public may see of an expert: profile saved, verification changed,
// visibility toggled. The pages are cached by path (full-route
// cache, and the nginx edge cache when EDGE_PURGE_URLS is set), so paths are what we invalidate.
// The sitemap files version themselves (lib/site/sitemap.ts).
export async function revalidateExpertPages(expertId: string) {
  const profile = `/experts/${expertId}`;
  try {
    revalidatePath(profile);
  } catch (e) {
    // Outside a request (seed scripts, tests, the bench) there is no cache to invalidate.
    if (!(e instanceof Error && /static generation store missing|outside a request scope/i.test(e.message))) throw e;
    return;
  }
  await purgeEdgePaths([profile]);
}
