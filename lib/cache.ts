import "server-only";
import { revalidatePath, revalidateTag } from "next/cache";

// One home for invalidating the public, cached pages that show experts (DESIGN.md
// 'Rendering and caching'). Call after any change that alters what the public may see of
// an expert: profile saved, verification changed, visibility toggled.
export const EXPERTS_TAG = "experts";
export const expertTag = (expertId: string) => `expert:${expertId}`;

export function revalidateExpertPages(expertId: string) {
  try {
    revalidateTag(expertTag(expertId), { expire: 0 });
    revalidateTag(EXPERTS_TAG, { expire: 0 });
    revalidatePath(`/experts/${expertId}`);
    revalidatePath("/sitemap.xml");
  } catch (e) {
    // Outside a request (seed scripts, tests) there is no cache to invalidate.
    if (!(e instanceof Error && /static generation store missing|outside a request scope/i.test(e.message))) throw e;
  }
}
