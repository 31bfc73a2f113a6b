import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

// The calendar file sent with a session's e-mails. A calendar app matches an update to the
// event it already holds by UID and applies it when SEQUENCE has grown, so the UID comes from
// the session row (the same across reschedules) and the sequence from its reschedule count.

export type SessionCalendarInput = {
  /** The session row id; written as `${uid}@k12experts` and stable across reschedules. */
  uid: string;
  /** Grows on each reschedule. */
  sequence: number;
  /** UTC instants. */
  startsAt: Date;
  endsAt: Date;
  title: string;
  description: string;
  /** LOCATION and URL when present. */
  meetingUrl: string | null;
  /** e.g. the client organisation. */
  organizerName: string;
  /**
   * The platform's own sending address (the address in MAIL_FROM), never a person's. ORGANIZER
   * needs an address, so without one the file has no ORGANIZER line and organizerName is unused.
   */
  organizerAddress?: string | null;
  status: "CONFIRMED" | "CANCELLED";
  /** DTSTAMP; now when not given. */
  stamp?: Date;
};

const UID_DOMAIN = "k12experts";

/** An iCalendar file (METHOD:REQUEST, or METHOD:CANCEL when cancelled) with the session as one event. */
export function sessionIcs(input: SessionCalendarInput): string {
  const cancelled = input.status === "CANCELLED";
  const calendar = ical({
    prodId: { company: "K12 Experts", product: "Sessions", language: "EN" },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${input.uid}@${UID_DOMAIN}`,
    sequence: input.sequence,
    stamp: input.stamp ?? new Date(),
    // No time zone given: the library writes both instants in UTC ("…Z"), which every
    // calendar shows in its owner's own zone.
    start: input.startsAt,
    end: input.endsAt,
    summary: input.title,
    description: input.description,
    location: input.meetingUrl,
    url: input.meetingUrl,
    // Never a person's address: the file is forwarded around, and an RSVP must not land in
    // anyone's inbox (both sides answer in the app). The platform's no-reply address lets
    // calendars that match updates by organizer find the event again.
    // CN is a quoted parameter, which cannot hold a double quote at all (RFC 5545 §3.1).
    organizer: input.organizerAddress ? { name: input.organizerName.replaceAll('"', "'"), email: input.organizerAddress } : null,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // Every content line ends in CRLF, the last one too (the library leaves it off).
  const ics = calendar.toString();
  return ics.endsWith("\r\n") ? ics : `${ics}\r\n`;
}

/** A file name any mail client and file system accepts: ASCII letters, digits and dashes, then ".ics". */
export function icsFileName(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "")
    .toLowerCase();
  return `${base || "session"}.ics`;
}
