import { revalidatePath } from "next/cache";

/** After an expert's own change: the pages that show it (dashboard, public profile, wallet) render again. */
export function revalidateExpertPages() {
  revalidatePath("/dashboard");
  revalidatePath("/expert/[...rest]", "page");
  revalidatePath("/payments");
}
