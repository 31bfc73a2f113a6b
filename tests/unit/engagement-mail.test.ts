import { describe, expect, it } from "vitest";
import { engagementMail, escapeHtml, type EngagementMailContext, type EngagementMailKind } from "@/lib/engagements/mail";
import { renderMailHtml } from "@/lib/platform/mail/layout";

/** The HTML part as it is sent: rendered from the mail's layout by the one e-mail layout. */
const htmlOf = (mail: ReturnType<typeof engagementMail>) => renderMailHtml(mail.layout);

const KINDS: EngagementMailKind[] = [
  "invited",
  "applied",
  "accepted",
  "declined",
  "proposed",
  "scheduled",
  "rescheduled",
  "cancelled",
  "completed",
  "no_show",
  "meeting_link",
  "meeting_ready",
  "reminder_24h",
  "reminder_1h",
  "project_closed",
  "seated",
  "waitlisted",
  "left_waitlist",
  "seat_offered",
  "seat_offer_reminder",
  "seat_offer_lapsed",
  "backup_released",
  "waitlist_ended",
  "session_added",
];

const base: EngagementMailContext = {
  recipientFirstName: "Dana",
  projectTitle: "Math curriculum interviews",
  counterpart: "Research Co",
  when: "Tue, Dec 1, 2026, 3:30 PM CST",
  reason: null,
  link: "https://k12.example.org/dashboard?tab=opportunities&engagement=abc",
  meetingUrl: "https://meet.example.org/room-1",
};

describe("engagement mail", () => {
  it.each(KINDS)("%s: a subject, a text and an HTML body, greeting, link and sign-off", async (kind) => {
    const mail = engagementMail(kind, base);
    const html = await htmlOf(mail);
    expect(mail.subject.trim()).not.toBe("");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain("Math curriculum interviews");
    expect(mail.text).toMatch(/^Hi Dana,\n\n/);
    expect(mail.text).toContain(base.link);
    expect(mail.text.trimEnd()).toMatch(/— The K12 Experts team$/);
    expect(html).toContain(`href="${escapeHtml(base.link)}"`);
    expect(html).toContain("— The K12 Experts team");
    expect(html).not.toMatch(/<(script|img|link)\b/i);
  });

  it("a focus group's acceptance asks the expert to choose a seat, not a time", () => {
    const mail = engagementMail("accepted", { ...base, recipient: "expert", focusGroup: true });
    expect(mail.text).toContain("choose a seat in one of its sessions");
    expect(mail.text).toContain("Choose a seat: ");
    expect(mail.text).not.toContain("agree on a time");
  });

  it("a seat held for the expert says until when, and that it then goes to the next person", () => {
    const mail = engagementMail("seat_offered", { ...base, offerUntil: "Wed, Dec 2, 2026, 3:30 PM CST" });
    expect(mail.subject).toBe('A seat is free for you: "Math curriculum interviews"');
    expect(mail.text).toContain("It is held for you until Wed, Dec 2, 2026, 3:30 PM CST. After that it goes to the next person waiting.");
  });

  it("names the session time wherever a time belongs, and never an empty one", () => {
    for (const kind of ["scheduled", "rescheduled", "cancelled", "no_show", "meeting_link", "reminder_24h", "reminder_1h"] as const) {
      expect(engagementMail(kind, base).text, kind).toContain(base.when);
      const without = engagementMail(kind, { ...base, when: null });
      expect(without.text, kind).not.toContain("null");
      expect(without.subject, kind).not.toContain("null");
    }
  });

  it("gives the meeting link with the session, clickable in HTML", async () => {
    for (const kind of ["scheduled", "rescheduled", "meeting_link", "meeting_ready", "reminder_24h", "reminder_1h"] as const) {
      const mail = engagementMail(kind, base);
      expect(mail.text, kind).toContain(base.meetingUrl);
      expect(await htmlOf(mail), kind).toContain(`<a href="${base.meetingUrl}"`);
    }
    const odd = engagementMail("meeting_link", { ...base, meetingUrl: "javascript:alert(1)" });
    expect(await htmlOf(odd)).not.toContain('href="javascript:');
  });

  it("a late meeting link gives the dial-in to both sides and the host's start link to the client only", async () => {
    const ctx = { ...base, hostUrl: "https://zoom.example.org/s/1", dialIn: "+1 646 558 8656, meeting ID 1" };
    const client = engagementMail("meeting_ready", { ...ctx, recipient: "client" });
    expect(client.text).toContain("To start the meeting as its host: https://zoom.example.org/s/1");
    expect(client.text).toContain("To join by phone: +1 646 558 8656, meeting ID 1");
    expect(await htmlOf(client)).toContain('<a href="https://zoom.example.org/s/1"');
    for (const reader of ["expert", undefined] as const) {
      const mail = engagementMail("meeting_ready", { ...ctx, recipient: reader });
      expect(mail.text).not.toContain("zoom.example.org/s/1");
      expect(mail.text).toContain("To join by phone:");
    }
    expect(engagementMail("reminder_1h", { ...ctx, recipient: "client" }).text).toContain("To join by phone:");
    expect(engagementMail("meeting_ready", base).text).not.toMatch(/host|by phone/);
  });

  it("shows the reason when one is given", async () => {
    const reason = "The school closed for snow";
    for (const kind of ["invited", "declined", "proposed", "rescheduled", "cancelled", "no_show", "project_closed"] as const) {
      const mail = engagementMail(kind, { ...base, reason });
      expect(mail.text, kind).toContain(reason);
      expect(await htmlOf(mail), kind).toContain(reason);
    }
    expect(engagementMail("cancelled", { ...base, reason: "   " }).text).not.toContain("Reason:");
  });

  it("escapes every user-supplied string in the HTML, and keeps the text as written", async () => {
    const evil = '<script>alert("x")</script>';
    const ctx = {
      ...base,
      projectTitle: `Study ${evil}`,
      reason: `Because ${evil} & more`,
      counterpart: `Org ${evil}`,
      recipientFirstName: `<b>Dana</b>`,
    };
    for (const kind of KINDS) {
      const mail = engagementMail(kind, ctx);
      const html = await htmlOf(mail);
      expect(html, kind).not.toContain("<script>");
      expect(html, kind).not.toContain("<b>Dana</b>");
      expect(html, kind).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(mail.text, kind).toContain(evil);
    }
    expect(await htmlOf(engagementMail("cancelled", ctx))).toContain(
      "Because &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more",
    );
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });

  it("keeps a subject on one line whatever the title holds", () => {
    expect(engagementMail("invited", { ...base, projectTitle: "Two\r\nBcc: someone@example.org" }).subject).toBe(
      'You\'re invited to "Two Bcc: someone@example.org"',
    );
  });

  it("tells an expert kindly that an application was not taken, and a client plainly that an invitation was declined", () => {
    const expert = engagementMail("declined", { ...base, recipient: "expert" });
    expect(expert.text).toContain("Thank you for your interest");
    expect(expert.text).toContain("no reflection on your experience");
    expect(expert.text).not.toMatch(/rejected|unsuitable|not qualified/i);
    expect(engagementMail("declined", base).text).toBe(expert.text);

    const client = engagementMail("declined", { ...base, counterpart: "Jane Doe", recipient: "client" });
    expect(client.text).toContain("Jane Doe has declined your invitation");
  });

  it("mentions a late cancellation and its fee, worded for each side", () => {
    expect(engagementMail("cancelled", base).text).not.toMatch(/late|24 hours/);
    expect(engagementMail("cancelled", { ...base, lateCancel: true, recipient: "client" }).text).toMatch(
      /late cancellation: the expert is paid 50% of the session's incentive/,
    );
    const expert = engagementMail("cancelled", { ...base, lateCancel: true, recipient: "expert" }).text;
    expect(expert).toContain("less than 24 hours");
    expect(expert).toContain("you are paid 50% of the session's incentive as a late-cancellation fee");
  });
});
