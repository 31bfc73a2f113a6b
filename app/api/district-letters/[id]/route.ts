import { z } from "@/lib/platform/validation/zod";
import { apiRoute } from "@/lib/accounts/api-handler";
import { NO_STORE } from "@/lib/platform/no-store";
import { AppError } from "@/lib/platform/errors";
import { readApprovalLetter } from "@/lib/projects/district-letters";

export const dynamic = "force-dynamic";

/**
 * A district's approval letter as the researcher uploaded it: for the admins who check it and the
 * study's organization (the service checks; anyone else gets 404).
 */
export const GET = apiRoute({ roles: ["client", "admin"], failure: "Failed to open the letter" }, async ({ actor, params }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new AppError("NOT_FOUND", "Approval letter not found.");
  const letter = await readApprovalLetter(actor, id.data);
  return new Response(new Uint8Array(letter.content), {
    headers: {
      ...NO_STORE,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${letter.fileName.replace(/"/g, "")}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});
