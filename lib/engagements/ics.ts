import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from "ical-generator";

// The calendar file sent with a session's e-mails. A calendar app matches an update to the
// event it already holds by UID and applies it when SEQUENCE has grown, so the UID comes from
// the session row (the same across reschedules) and the sequence from its reschedule count.
//
// METHOD:PUBLISH, not REQUEST: a REQUEST is an invitation that asks each ATTENDEE to answer by
// e-mail (RFC 5546 does not allow one without attendees), and both sides answer in the app, where
// neither sees the other's address. A PUBLISH adds the event as it is; RFC 5546 wants an
// ORGANIZER in it and no ATTENDEE. A cancellation is the same event published again with
// STATUS:CANCELLED and a higher SEQUENCE (CANCEL, too, would need attendees).

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
  /** The other party, as the reader of the file knows them (the expert sees the client's organization, the client the expert's name). */
  organizerName: string;
  /** The platform's own sending address (the address in MAIL_FROM), never a person's; a reserved address when absent. */
  organizerAddress?: string | null;
  status: "CONFIRMED" | "CANCELLED";
  /** DTSTAMP; now when not given. */
  stamp?: Date;
};

const UID_DOMAIN = "k12experts";
/** ORGANIZER must be an address; `.invalid` (RFC 2606) is one no mail is ever sent to. */
const NO_ADDRESS = "no-reply@k12experts.invalid";

/** An iCalendar file (METHOD:PUBLISH) with the session as one event, cancelled or confirmed. */
export function sessionIcs(input: SessionCalendarInput): string {
  const calendar = ical({
    prodId: { company: "K12 Experts", product: "Sessions", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  addSessionEvent(calendar, input);
  return withFinalCrlf(calendar.toString());
}

/**
 * A person's subscribed feed: every session as its own event, with the same UID and SEQUENCE as
 * the session's e-mailed file, so a calendar that holds both keeps one event. A calendar app
 * polls it; REFRESH-INTERVAL (RFC 7986) and X-PUBLISHED-TTL ask for once an hour.
 */
export function feedIcs(name: string, events: SessionCalendarInput[]): string {
  const calendar = ical({
    prodId: { company: "K12 Experts", product: "Sessions feed", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    name,
    ttl: 3600,
  });
  for (const event of events) addSessionEvent(calendar, event);
  return withFinalCrlf(calendar.toString());
}

// Every content line ends in CRLF, the last one too (the library leaves it off).
const withFinalCrlf = (ics: string) => (ics.endsWith("\r\n") ? ics : `${ics}\r\n`);

function addSessionEvent(calendar: ICalCalendar, input: SessionCalendarInput) {
  const cancelled = input.status === "CANCELLED";
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
    // The other party by name only. Their address stays out: neither side sees the other's
    // e-mail anywhere in the product (they talk through the app), and the file is forwarded
    // around. The address is the platform's no-reply one, so nothing a calendar sends back
    // reaches a person, and calendars that match updates by organizer still find the event.
    // CN is a quoted parameter, which cannot hold a double quote at all.
    organizer: { name: input.organizerName.replaceAll('"', "'"), email: input.organizerAddress || NO_ADDRESS },
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/** The file's MIME type; its method parameter must name the file's METHOD (RFC 6047). */
export const SESSION_ICS_CONTENT_TYPE = "text/calendar; charset=utf-8; method=PUBLISH";

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
