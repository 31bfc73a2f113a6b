import { apiRoute, mediaType } from "@/lib/accounts/api-handler";
import { AppError } from "@/lib/platform/errors";
import { clientIp } from "@/lib/platform/request";
import { receiveContactMessage } from "@/lib/site/contact";
import { CONTACT_MESSAGES } from "@/lib/site/schemas/contact-rules";
import { parseContactFormData, parseContactJson, type ParsedContact } from "@/lib/site/schemas/contact-form-data";

/**
 * POST /api/contact-form — public. JSON (name, email, role, subject, message, fileUrl) or
 * multipart/form-data with an optional `attachment`. The message is stored before it is mailed, so success means we have it.
 */
export const POST = apiRoute({ roles: null, failure: CONTACT_MESSAGES.failureDefault }, async ({ request }) => {
  const type = mediaType(request);
  let parsed: ParsedContact;
  // Exact media types: "text/plain; application/json" (a cross-site form's trick) is refused.
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new AppError("BAD_REQUEST", "Malformed form body");
    }
    parsed = await parseContactFormData(form);
  } else if (type === "application/json") {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw new AppError("BAD_REQUEST", "Malformed JSON body");
    }
    parsed = parseContactJson(body);
  } else {
    throw new AppError("BAD_REQUEST", "Content-Type must be application/json or multipart/form-data");
  }
  const { id } = await receiveContactMessage(parsed.fields, parsed.attachment, { ip: clientIp(request.headers) });
  return { id, message: CONTACT_MESSAGES.successDescription };
});
