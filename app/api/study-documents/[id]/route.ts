import { z } from "@/lib/platform/validation/zod";
import { apiRoute } from "@/lib/accounts/api-handler";
import { NO_STORE } from "@/lib/platform/no-store";
import { AppError } from "@/lib/platform/errors";
import { readStudyDocument } from "@/lib/engagements/consent/documents";

export const dynamic = "force-dynamic";

/**
 * A study's consent form or IRB letter, for the project's organization and the experts the study
 * reaches (the service checks; anyone else gets 404). Shown in the page by default; `?download=1`
 * saves it. The stored hash goes along as a digest header.
 */
export const GET = apiRoute(
  { roles: ["expert", "client", "admin"], failure: "Failed to open the document" },
  async ({ actor, params, request }) => {
    const id = z.uuid().safeParse(params.id);
    if (!id.success) throw new AppError("NOT_FOUND", "Document not found");
    const doc = await readStudyDocument(actor, id.data);
    const download = new URL(request.url).searchParams.get("download") === "1";
    return new Response(new Uint8Array(doc.content), {
      headers: {
        ...NO_STORE,
        "Content-Type": "application/pdf",
        "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${doc.fileName.replace(/"/g, "")}"`,
        "X-Content-Type-Options": "nosniff",
        "X-Document-SHA256": doc.sha256,
      },
    });
  },
);
