import { apiRoute } from "@/lib/accounts/api-handler";
import { AppError } from "@/lib/platform/errors";
import { renderMailHtml } from "@/lib/platform/mail/layout";
import { NO_STORE } from "@/lib/platform/no-store";
import { mailPreviewOpen, sampleOf } from "@/app/admin/mail-preview/samples";

export const dynamic = "force-dynamic";

/**
 * GET /api/admin/mail-preview/{kind}[?part=text]: one kind of e-mail from made-up facts, its HTML
 * part as the layout renders it, or its text part. Admins, in development and the demo only (404
 * elsewhere and for an unknown kind).
 */
export const GET = apiRoute({ roles: ["admin"], failure: "Failed to render the e-mail" }, async ({ request, params }) => {
  const sample = mailPreviewOpen() ? sampleOf(params.kind ?? "") : null;
  if (!sample) throw new AppError("NOT_FOUND", "No such e-mail.");
  const mail = sample.mail();
  if (request.nextUrl.searchParams.get("part") === "text") {
    return new Response(mail.text, { headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });
  }
  return new Response(await renderMailHtml(mail.layout), { headers: { "Content-Type": "text/html; charset=utf-8", ...NO_STORE } });
});
