import "server-only";
import { cache } from "react";
import { z } from "@/lib/platform/validation/zod";
import { isAppError } from "@/lib/platform/errors";
import { requirePageRole } from "@/lib/accounts/session";
import { getProject } from "@/lib/projects/projects";

/**
 * The signed-in client's project, or null when it is not theirs (or not a project id at all).
 * Once per request: the segment's layout asks first, so "not found" is answered with a 404
 * before the page streams behind its loading skeleton (a page that streams has sent 200).
 */
export const loadOwnProject = cache(async (id: string) => {
  const actor = await requirePageRole(["client", "admin"], "/client/login", `/client/projects/${id}`);
  if (!z.uuid().safeParse(id).success) return null;
  try {
    return { actor, project: await getProject(actor, id) };
  } catch (e) {
    // Not the organization's project, or a role that does not see projects (finance): not found.
    if (isAppError(e) && (e.code === "NOT_FOUND" || e.code === "FORBIDDEN")) return null;
    throw e;
  }
});
