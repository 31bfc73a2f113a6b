import { describe, expect, it } from "vitest";
import { icsFileName, sessionIcs, type SessionCalendarInput } from "@/lib/engagements/ics";
import { icalendarProblems, parsedEvents } from "../helpers/icalendar";

const input: SessionCalendarInput = {
  uid: "0b5a1c7e-1111-4222-8333-444455556666",
  sequence: 0,
  startsAt: new Date("2026-12-01T21:30:00Z"),
  endsAt: new Date("2026-12-01T22:30:00Z"),
  title: "Math curriculum interviews",
  description: "K12 Experts session: Math curriculum interviews with Research Co.",
  meetingUrl: "https://meet.example.org/room-1",
  organizerName: "Research Co",
  organizerAddress: "no-reply@k12experts.example",
  status: "CONFIRMED",
  stamp: new Date("2026-11-20T10:00:00Z"),
};

/** The content lines, unfolded (a line starting with a space continues the one before). */
const linesOf = (ics: string) =>
  ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
const valueOf = (ics: string, name: string) =>
  linesOf(ics)
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, "");

describe("session calendar file", () => {
  it("is one VEVENT, published (no invitation to answer), with a stable, suffixed UID and the sequence", () => {
    const ics = sessionIcs(input);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(valueOf(ics, "METHOD")).toBe("PUBLISH");
    expect(valueOf(ics, "ATTENDEE")).toBeUndefined();
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(valueOf(ics, "UID")).toBe(`${input.uid}@k12experts`);
    expect(valueOf(ics, "SEQUENCE")).toBe("0");
    expect(valueOf(ics, "STATUS")).toBe("CONFIRMED");
    expect(valueOf(ics, "DTSTAMP")).toBe("20261120T100000Z");
  });

  it("writes start and end as UTC instants", () => {
    const ics = sessionIcs(input);
    expect(valueOf(ics, "DTSTART")).toBe("20261201T213000Z");
    expect(valueOf(ics, "DTEND")).toBe("20261201T223000Z");
    expect(ics).not.toContain("TZID");
  });

  it("keeps the UID across a reschedule and raises the sequence", () => {
    const first = sessionIcs(input);
    const moved = sessionIcs({
      ...input,
      sequence: 1,
      startsAt: new Date("2026-12-02T15:00:00Z"),
      endsAt: new Date("2026-12-02T16:00:00Z"),
    });
    expect(valueOf(moved, "UID")).toBe(valueOf(first, "UID"));
    expect(valueOf(moved, "SEQUENCE")).toBe("1");
    expect(valueOf(moved, "DTSTART")).toBe("20261202T150000Z");
  });

  it("cancels by publishing the same event again with STATUS:CANCELLED", () => {
    const ics = sessionIcs({ ...input, status: "CANCELLED", sequence: 2 });
    expect(valueOf(ics, "METHOD")).toBe("PUBLISH");
    expect(valueOf(ics, "STATUS")).toBe("CANCELLED");
    expect(valueOf(ics, "UID")).toBe(`${input.uid}@k12experts`);
    expect(valueOf(ics, "SEQUENCE")).toBe("2");
  });

  it("puts the meeting link in LOCATION and URL, and leaves both out without one", () => {
    const ics = sessionIcs(input);
    expect(valueOf(ics, "LOCATION")).toBe(input.meetingUrl);
    expect(valueOf(ics, "URL")).toBe(input.meetingUrl);
    const none = sessionIcs({ ...input, meetingUrl: null });
    expect(valueOf(none, "LOCATION")).toBeUndefined();
    expect(valueOf(none, "URL")).toBeUndefined();
  });

  it("carries the title and description, escaped as iCalendar text", () => {
    const ics = sessionIcs({ ...input, title: "Math; phase 2, grades 6-8", description: "Line one\nLine two" });
    expect(valueOf(ics, "SUMMARY")).toBe("Math\\; phase 2\\, grades 6-8");
    expect(valueOf(ics, "DESCRIPTION")).toBe("Line one\\nLine two");
  });

  it("names the other party as ORGANIZER with the platform's address, and holds no other address", () => {
    expect(linesOf(sessionIcs(input))).toContain(`ORGANIZER;CN="Research Co":mailto:no-reply@k12experts.example`);
    expect(sessionIcs(input).replace(`${input.uid}@k12experts`, "").replace("no-reply@k12experts.example", "")).not.toContain("@");
    const ics = sessionIcs({ ...input, organizerName: 'Research "Co"' });
    expect(linesOf(ics)).toContain(`ORGANIZER;CN="Research 'Co'":mailto:no-reply@k12experts.example`);
    // Without the platform's address, a reserved one that no mail is ever sent to.
    expect(valueOf(sessionIcs({ ...input, organizerAddress: null }), "ORGANIZER")).toBe("mailto:no-reply@k12experts.invalid");
  });

  it("folds long lines at 75 octets", () => {
    const ics = sessionIcs({ ...input, title: "A very long project title ".repeat(8) });
    for (const l of ics.split("\r\n")) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(valueOf(ics, "SUMMARY")).toBe("A very long project title ".repeat(8));
  });
});

describe("calendar files that calendar apps accept", () => {
  // A session's life as its files: scheduled, moved twice, then cancelled; with and without a
  // meeting link, with text that needs escaping and folding.
  const lifetime: SessionCalendarInput[] = [
    input,
    {
      ...input,
      sequence: 1,
      startsAt: new Date("2026-12-02T15:00:00Z"),
      endsAt: new Date("2026-12-02T16:00:00Z"),
      stamp: new Date("2026-11-21T09:00:00Z"),
    },
    {
      ...input,
      sequence: 2,
      startsAt: new Date("2026-12-03T15:00:00Z"),
      endsAt: new Date("2026-12-03T15:45:00Z"),
      meetingUrl: null,
      stamp: new Date("2026-11-22T09:00:00Z"),
    },
    {
      ...input,
      sequence: 3,
      status: "CANCELLED",
      title: "Math; phase 2, grades 6-8 — “quoted” ".repeat(4),
      organizerName: 'Ana María "Nené" O\'Neil',
      stamp: new Date("2026-11-23T09:00:00Z"),
    },
  ];

  it("every file passes the RFC 5545/5546 checks and is read by node-ical", () => {
    for (const one of lifetime) expect(icalendarProblems(sessionIcs(one)), `sequence ${one.sequence}`).toEqual([]);
  });

  it("each parsed event has its UID, DTSTAMP, a UTC start and end, the link and the other party", () => {
    const [event] = parsedEvents(sessionIcs(input));
    expect(event.uid).toBe(`${input.uid}@k12experts`);
    expect(new Date(event.dtstamp as unknown as string).toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(event.start.toISOString()).toBe(input.startsAt.toISOString());
    expect(event.start.tz).toBe("Etc/UTC");
    expect(event.end?.toISOString()).toBe(input.endsAt.toISOString());
    expect(event.location).toBe(input.meetingUrl);
    expect((event.url as unknown as { val: string }).val ?? event.url).toBe(input.meetingUrl);
    expect(event.organizer).toMatchObject({ params: { CN: "Research Co" }, val: "mailto:no-reply@k12experts.example" });
  });

  it("keeps the UID and raises SEQUENCE with every reschedule and the cancellation", () => {
    const events = lifetime.map((one) => parsedEvents(sessionIcs(one))[0]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(1);
    const sequences = events.map((e) => Number(e.sequence));
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(events.map((e) => e.status)).toEqual(["CONFIRMED", "CONFIRMED", "CONFIRMED", "CANCELLED"]);
  });

  it("the checks catch what calendar apps refuse", () => {
    const good = sessionIcs(input);
    expect(icalendarProblems(good.replace("METHOD:PUBLISH", "METHOD:REQUEST"))).toContain(
      "VEVENT 1: a REQUEST needs an ORGANIZER and at least one ATTENDEE",
    );
    expect(icalendarProblems(good.replace(/DTSTART:(\d{8}T\d{6})Z/, "DTSTART:$1"))).toContainEqual(expect.stringMatching(/floating time/));
    expect(icalendarProblems(good.replace(/DTSTAMP:[^\r]*\r\n/, ""))).toContain("VEVENT 1 has 0 DTSTAMP (exactly one required)");
    expect(icalendarProblems(good.replace(/UID:[^\r]*\r\n/, ""))).toContainEqual(expect.stringMatching(/0 UID/));
    expect(icalendarProblems(good.replace("END:VEVENT\r\n", ""))).not.toEqual([]);
  });
});

describe("calendar file name", () => {
  it("is lower-case ASCII with dashes, ending .ics", () => {
    expect(icsFileName("Élan: Math/Science — Interviews!")).toBe("elan-math-science-interviews.ics");
    expect(icsFileName("../../etc/passwd")).toBe("etc-passwd.ics");
    expect(icsFileName("日本語")).toBe("session.ics");
    expect(icsFileName("")).toBe("session.ics");
    const long = icsFileName("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.ics$/);
  });
});
