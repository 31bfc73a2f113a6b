import "server-only";
import { isAppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { searchDirectory, type DirectoryPage } from "@/lib/experts/directory";
import { shortlistedIds } from "@/lib/projects/shortlists";
import { engagementsWithExperts, type ExistingEngagement } from "@/lib/projects/invite-choices";
import { can } from "@/lib/accounts/permissions";
import type { DirectoryFilters, DirectoryVariant } from "@/lib/experts/schemas/directory";
import { loggerFor } from "@/lib/platform/log.mjs";

const log = loggerFor("directory");

/**
 * What a directory page renders: a page of results (or the load-error message the page shows
 * in its error card), the actor's shortlisted ids to mark the cards and, for a client, the
 * listed experts they already have in a project (so a card says so before another invite).
 */
export async function loadDirectoryPage(
  actor: Actor,
  filters: DirectoryFilters,
  variant: DirectoryVariant,
): Promise<{ result: DirectoryPage | { error: string }; shortlisted: string[]; engaged: Record<string, ExistingEngagement[]> }> {
  try {
    const [result, shortlisted] = await Promise.all([searchDirectory(actor, filters, variant), shortlistedIds(actor)]);
    const engaged = can(actor, "read:project:org")
      ? await engagementsWithExperts(
          actor,
          result.experts.map((e) => e.id),
        )
      : {};
    return { result, shortlisted, engaged };
  } catch (e) {
    if (isAppError(e) && (e.code === "FORBIDDEN" || e.code === "UNAUTHENTICATED")) throw e;
    log.error({ err: e }, "directory search failed");
    return {
      result: { error: variant === "client" ? "Failed to load experts. Please try again." : "Failed to load experts" },
      shortlisted: [],
      engaged: {},
    };
  }
}
