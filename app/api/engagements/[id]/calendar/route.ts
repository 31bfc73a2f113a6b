import { z } from "@/lib/platform/validation/zod";
import { apiRoute } from "@/lib/accounts/api-handler";
import { NO_STORE } from "@/lib/platform/no-store";
import { AppError } from "@/lib/platform/errors";
import { engagementCalendarFile } from "@/lib/engagements/views";
import { SESSION_ICS_CONTENT_TYPE } from "@/lib/engagements/ics";

export const dynamic = "force-dynamic";

const idSchema = z.uuid();

/**
 * The session's calendar file for either side of the engagement. Its UID is the session's id
 * and its SEQUENCE grows with each change, so importing it again updates the same event.
 */
export const GET = apiRoute(
  { roles: ["expert", "client", "admin"], failure: "Failed to build the calendar file" },
  async ({ actor, params }) => {
    const id = idSchema.safeParse(params.id);
    if (!id.success) throw new AppError("NOT_FOUND", "Session not found");
    const { filename, ics } = await engagementCalendarFile(actor, id.data);
    return new Response(ics, {
      headers: { ...NO_STORE, "Content-Type": SESSION_ICS_CONTENT_TYPE, "Content-Disposition": `attachment; filename="${filename}"` },
    });
  },
);
