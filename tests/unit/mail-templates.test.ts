import { describe, expect, it } from "vitest";
import { MAIL_SAMPLES } from "@/app/admin/mail-preview/samples";
import { ENGAGEMENT_MAIL_KINDS } from "@/lib/engagements/mail";
import { escapeHtml } from "@/lib/platform/mail/content";
import { renderMailHtml } from "@/lib/platform/mail/layout";

// Every kind of e-mail, rendered as it is sent: the text part and the HTML part from the one
// layout, with made-up facts (the preview page's samples).

const ISO_DATE = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const HOLES = /\b(undefined|null|NaN)\b|\[object Object\]/;

describe("every e-mail from its template", () => {
  it("has a sample for every engagement kind", () => {
    const sampled = new Set(MAIL_SAMPLES.map((s) => s.kind));
    for (const kind of ENGAGEMENT_MAIL_KINDS) expect(sampled.has(`engagement.${kind}`), kind).toBe(true);
    expect(new Set(MAIL_SAMPLES.map((s) => s.kind)).size).toBe(MAIL_SAMPLES.length);
  });

  it.each(MAIL_SAMPLES.map((s) => [s.kind, s] as const))("%s: a text part and an HTML part with the layout", async (_kind, sample) => {
    const mail = sample.mail();
    expect(mail.subject.trim()).not.toBe("");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toMatch(/^(Hi \S.*|Hello),\n\n/);
    expect(mail.text.trimEnd()).toMatch(/— The K12 Experts team$/);
    expect(mail.text).toContain(`Why you get this: ${mail.layout.why}`);

    const html = await renderMailHtml(mail.layout);
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain("K12 Experts</p>");
    expect(html).toContain("— The K12 Experts team");
    expect(html).toContain("Why you get this:");
    expect(html).not.toMatch(/<(script|img)\b/i);

    // Its links: the button and the unsubscribe link are in both parts, and only web addresses.
    for (const link of [mail.layout.action, mail.layout.unsubscribe]) {
      if (!link) continue;
      expect(link.href).toMatch(/^https:\/\/\S+$/);
      expect(mail.text).toContain(`${link.label}: ${link.href}`);
      expect(html).toContain(`href="${escapeHtml(link.href).replace(/&#39;/g, "&#x27;")}"`);
    }
    for (const href of html.matchAll(/href="([^"]*)"/g)) expect(href[1]).toMatch(/^https?:\/\//);

    // No hole where a fact was missing, and no date a person cannot read.
    for (const part of [mail.subject, mail.text, html.replace(/<[^>]+>/g, " ")]) {
      expect(part).not.toMatch(HOLES);
      expect(part).not.toMatch(ISO_DATE);
      // The UI and every mail write the word the American way.
      expect(part).not.toMatch(/organisation/i);
    }
  });

  it("offers a way to stop the e-mails a reader can turn off", () => {
    const unsubscribable = MAIL_SAMPLES.filter((s) => s.mail().layout.unsubscribe).map((s) => s.kind);
    expect(unsubscribable).toEqual(["engagement.new_project"]);
  });
});
