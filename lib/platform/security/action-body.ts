// Next decodes a server action's body before our code runs and answers 500 when it cannot
// (malformed JSON, a broken multipart body, an unexpected content type). The proxy checks the
// body's shape first so hostile input gets a 400 with a message instead.

const MALFORMED = "Malformed request body.";

/** null when the body of a server action POST can be decoded; otherwise the message for a 400. */
export async function malformedActionBody(request: Request): Promise<string | null> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  try {
    if (type.startsWith("multipart/form-data")) {
      await request.clone().formData();
      return null;
    }
    if (type === "" || type.startsWith("text/plain")) {
      // Arguments encoded by the React client: a JSON array (its values may use React's "$" escapes).
      const args: unknown = JSON.parse(await request.clone().text());
      return Array.isArray(args) && !hasForeignReference(args) ? null : MALFORMED;
    }
    return "Unsupported content type.";
  } catch {
    return MALFORMED;
  }
}

// React's reply encoding marks special values with a leading "$"; the client escapes a literal
// "$" as "$$". A plain-object call only ever yields these; any other "$" string is a hand-made
// reference that React's decoder fails on.
const PLAIN_MARKS = /^\$(\$|undefined$|D|n-?\d|Infinity$|-Infinity$|NaN$|-0$)/;

function hasForeignReference(value: unknown): boolean {
  if (typeof value === "string") return value.startsWith("$") && !PLAIN_MARKS.test(value);
  if (Array.isArray(value)) return value.some(hasForeignReference);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => hasForeignReference(k) || hasForeignReference(v));
  return false;
}
