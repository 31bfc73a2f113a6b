import "server-only";
import { cache } from "react";
import { z } from "@/lib/platform/validation/zod";
import { isAppError } from "@/lib/platform/errors";
import { attendanceSheet } from "@/lib/engagements/focus-groups";
import { loadOwnProject } from "../../load-project";

/**
 * The attendance sheet of one of the signed-in client's sessions in this project, or null.
 * Once per request: the segment's layout asks first, so a session that is not theirs is
 * answered with a 404 before the page streams behind its loading skeleton.
 */
export const loadOwnSession = cache(async (projectId: string, sessionId: string) => {
  const own = await loadOwnProject(projectId);
  if (!own || !z.uuid().safeParse(sessionId).success) return null;
  try {
    const sheet = await attendanceSheet(own.actor, sessionId);
    return sheet.project.id === projectId ? { actor: own.actor, sheet, now: Date.now() } : null;
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  }
});
