// Every e-mail the app sends is one MailContent: a subject, a greeting, paragraphs, at most one
// button, and a footer that says why the reader gets it (and how to stop, where they can). The
// text part is written from it here, synchronously, wherever the mail is composed; the HTML part
// is rendered from the same content by the React Email layout (layout.tsx) when the mail is sent,
// so the two copies never drift apart. Pure: no database, no clock.

/** Makes a string safe to place in HTML text or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** One sentence or paragraph in both forms; anything interpolated into it is escaped in `html`. */
export type Line = { text: string; html: string };

/**
 * A tagged template for copy: `line\`Hi ${name}\`` keeps the words as written in both forms and
 * escapes every interpolated value in the HTML one, so no user-supplied string can slip in raw.
 * A nested Line (e.g. an emphasised title) is taken as already safe.
 */
export function line(strings: TemplateStringsArray, ...values: (string | Line)[]): Line {
  let text = strings[0];
  let html = escapeHtml(strings[0]);
  values.forEach((v, i) => {
    text += typeof v === "string" ? v : v.text;
    html += typeof v === "string" ? escapeHtml(v) : v.html;
    text += strings[i + 1];
    html += escapeHtml(strings[i + 1]);
  });
  return { text, html };
}

/** A title in quotes, bold in HTML. */
export const titled = (title: string): Line => ({ text: `"${title}"`, html: `<strong>${escapeHtml(title)}</strong>` });

/** A web address, clickable in HTML only when it is one (never a `javascript:` one). */
export function linkLine(url: string): Line {
  if (!/^https?:\/\//i.test(url)) return line`${url}`;
  return { text: url, html: `<a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(url)}</a>` };
}

/** Text as someone wrote it, its line breaks kept in the HTML copy. */
export function textBlock(text: string): Line {
  return { text, html: escapeHtml(text).replace(/\n/g, "<br>") };
}

/** Lines of a list ("- one"), one paragraph in both forms. */
export function listLine(items: readonly string[]): Line {
  return {
    text: items.map((i) => `- ${i}`).join("\n"),
    html: items.map((i) => `&bull; ${escapeHtml(i)}`).join("<br>"),
  };
}

export const SIGN_OFF = "— The K12 Experts team";

/** What one e-mail says, before it is rendered to text and HTML. JSON-safe: it travels in the mail job. */
export type MailLayout = {
  subject: string;
  /** The inbox's preview line. */
  preview: string;
  greeting: Line;
  body: Line[];
  /** The one button, to `href`; written out in the text part as "label: href". */
  action: { label: string; href: string } | null;
  /** Why the reader gets this e-mail, in one sentence (the footer). */
  why: string;
  /** Where the reader turns this kind of e-mail off, for the kinds they can. */
  unsubscribe: { label: string; href: string } | null;
};

export type ComposedMail = { subject: string; text: string; layout: MailLayout };

export type MailInput = {
  subject: string;
  /** null: "Hello," (the reader's name is not known, e.g. an invitation). */
  firstName: string | null;
  body: Line[];
  action?: { label: string; href: string } | null;
  why: string;
  unsubscribe?: { label: string; href: string } | null;
};

/** A subject is one header line: whatever whitespace a title or name carries becomes one space. */
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/** The plain-text part of a mail, from the same content as its HTML. */
export function mailText(layout: MailLayout): string {
  return [
    layout.greeting.text,
    ...layout.body.map((l) => l.text),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.href}`] : []),
    // The footer's words come before the sign-off here: a text mail ends with who sent it.
    [`Why you get this: ${layout.why}`, ...(layout.unsubscribe ? [`${layout.unsubscribe.label}: ${layout.unsubscribe.href}`] : [])].join(
      "\n",
    ),
    SIGN_OFF,
  ].join("\n\n");
}

/** Any e-mail from its words: the subject, the text part, and the layout its HTML is rendered from. */
export function composeMail(input: MailInput): ComposedMail {
  const subject = oneLine(input.subject);
  const greeting = input.firstName === null ? line`Hello,` : line`Hi ${input.firstName},`;
  const layout: MailLayout = {
    subject,
    preview: oneLine(input.body[0]?.text ?? subject).slice(0, 140),
    greeting,
    body: input.body,
    action: input.action ?? null,
    why: input.why,
    unsubscribe: input.unsubscribe ?? null,
  };
  return { subject, text: mailText(layout), layout };
}
