import "server-only";
import { revalidatePath } from "next/cache";

// One home for invalidating the public, cached pages that show experts (DESIGN.md
// 'Rendering and caching'). Call after any change that alters what the public may see of
// an expert: profile saved, verification changed, visibility toggled. The pages are cached
// by path (full-route cache), so paths are what we invalidate; no data cache carries tags.
export function revalidateExpertPages(expertId: string) {
  try {
    revalidatePath(`/experts/${expertId}`);
    revalidatePath("/sitemap.xml");
  } catch (e) {
    // Outside a request (seed scripts, tests) there is no cache to invalidate.
    if (!(e instanceof Error && /static generation store missing|outside a request scope/i.test(e.message))) throw e;
  }
}
