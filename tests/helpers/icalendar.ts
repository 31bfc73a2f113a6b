import ical from "node-ical";
import ICAL from "ical.js";

// What a calendar app needs of a file before it imports it: node-ical (a published iCalendar
// parser) must read it, and the structural rules of RFC 5545 (content lines, components,
// required and unique properties, date-time forms) and RFC 5546 (what each METHOD requires)
// must hold. Returns every problem found, so a failing test names them all.

/** The content lines, unfolded (a line starting with a space or tab continues the one before). */
export const unfoldedLines = (ics: string) =>
  ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);

type Property = { name: string; params: string; value: string };
type Component = { name: string; properties: Property[]; children: Component[] };

function parseLine(line: string): Property {
  // The name ends at the first ';' or ':'; the value starts at the first ':' outside quotes.
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) {
      colon = i;
      break;
    }
  }
  const head = colon < 0 ? line : line.slice(0, colon);
  const semi = head.indexOf(";");
  return {
    name: (semi < 0 ? head : head.slice(0, semi)).toUpperCase(),
    params: semi < 0 ? "" : head.slice(semi + 1),
    value: colon < 0 ? "" : line.slice(colon + 1),
  };
}

const UTC_DATE_TIME = /^\d{8}T\d{6}Z$/;
const LOCAL_DATE_TIME = /^\d{8}T\d{6}$/;

export function icalendarProblems(ics: string): string[] {
  const problems: string[] = [];
  if (!ics.endsWith("\r\n")) problems.push("the last line does not end in CRLF");
  if (/(^|[^\r])\n/.test(ics)) problems.push("a line ends in a bare LF");
  for (const raw of ics.split("\r\n"))
    if (Buffer.byteLength(raw) > 75) problems.push(`a line is longer than 75 octets: ${raw.slice(0, 40)}…`);

  // Components, from BEGIN/END pairs.
  const root: Component = { name: "", properties: [], children: [] };
  const stack = [root];
  for (const line of unfoldedLines(ics)) {
    const p = parseLine(line);
    if (!/^[A-Z0-9-]+$/.test(p.name)) problems.push(`not a content line: ${line.slice(0, 40)}`);
    if (p.name === "BEGIN") {
      const c: Component = { name: p.value.toUpperCase(), properties: [], children: [] };
      stack[stack.length - 1].children.push(c);
      stack.push(c);
    } else if (p.name === "END") {
      const open = stack.pop();
      if (!open || open === root || open.name !== p.value.toUpperCase())
        problems.push(`END:${p.value} does not close ${open?.name || "anything"}`);
    } else if (stack.length === 1) problems.push(`a property outside any component: ${p.name}`);
    else stack[stack.length - 1].properties.push(p);
  }
  if (stack.length !== 1) problems.push(`${stack[stack.length - 1].name} is not closed`);
  if (root.children.length !== 1 || root.children[0].name !== "VCALENDAR") return [...problems, "the file is not one VCALENDAR"];

  const calendar = root.children[0];
  const all = (c: Component, name: string) => c.properties.filter((p) => p.name === name);
  const one = (c: Component, name: string, where: string) => {
    const found = all(c, name);
    if (found.length !== 1) problems.push(`${where} has ${found.length} ${name} (exactly one required)`);
    return found[0];
  };
  const atMostOne = (c: Component, name: string, where: string) => {
    if (all(c, name).length > 1) problems.push(`${where} has more than one ${name}`);
  };
  one(calendar, "PRODID", "VCALENDAR");
  if (one(calendar, "VERSION", "VCALENDAR")?.value !== "2.0") problems.push("VERSION is not 2.0");
  atMostOne(calendar, "METHOD", "VCALENDAR");
  const method = all(calendar, "METHOD")[0]?.value.toUpperCase();
  const zones = new Set(calendar.children.filter((c) => c.name === "VTIMEZONE").map((z) => all(z, "TZID")[0]?.value));

  const events = calendar.children.filter((c) => c.name === "VEVENT");
  if (events.length === 0) problems.push("no VEVENT");
  for (const [i, event] of events.entries()) {
    const where = `VEVENT ${i + 1}`;
    one(event, "UID", where);
    const stamp = one(event, "DTSTAMP", where);
    if (stamp && !UTC_DATE_TIME.test(stamp.value)) problems.push(`${where}: DTSTAMP ${stamp.value} is not a UTC date-time`);
    for (const name of ["DTSTART", "DTEND"]) {
      const t = name === "DTSTART" ? one(event, name, where) : all(event, name)[0];
      if (!t) continue;
      const tzid = /(?:^|;)TZID=("?)([^;"]+)\1/i.exec(t.params)?.[2];
      if (UTC_DATE_TIME.test(t.value)) {
        if (tzid) problems.push(`${where}: ${name} is UTC and names a zone`);
      } else if (LOCAL_DATE_TIME.test(t.value)) {
        if (!tzid) problems.push(`${where}: ${name} ${t.value} is a floating time (neither UTC nor with a zone)`);
        else if (!zones.has(tzid)) problems.push(`${where}: ${name} names the zone ${tzid}, which the file does not define`);
      } else problems.push(`${where}: ${name} ${t.value} is not a date-time`);
    }
    if (all(event, "DTEND").length && all(event, "DURATION").length) problems.push(`${where} has both DTEND and DURATION`);
    for (const name of ["DTEND", "SEQUENCE", "STATUS", "SUMMARY", "DESCRIPTION", "LOCATION", "URL", "ORGANIZER", "CLASS", "TRANSP"])
      atMostOne(event, name, where);
    const sequence = all(event, "SEQUENCE")[0]?.value;
    if (sequence !== undefined && !/^\d+$/.test(sequence)) problems.push(`${where}: SEQUENCE ${sequence} is not a non-negative integer`);
    const attendees = all(event, "ATTENDEE").length;
    const organizer = all(event, "ORGANIZER").length;
    // RFC 5546: PUBLISH has an ORGANIZER and no ATTENDEE; REQUEST and CANCEL have both.
    if (method === "PUBLISH" && (organizer !== 1 || attendees > 0))
      problems.push(`${where}: a PUBLISH needs one ORGANIZER and no ATTENDEE`);
    if ((method === "REQUEST" || method === "CANCEL") && (organizer !== 1 || attendees === 0))
      problems.push(`${where}: a ${method} needs an ORGANIZER and at least one ATTENDEE`);
    for (const p of [...all(event, "ORGANIZER"), ...all(event, "ATTENDEE")])
      if (!/^mailto:[^@\s]+@[^@\s]+$/i.test(p.value)) problems.push(`${where}: ${p.name} ${p.value} is not a mailto: address`);
  }

  // A published parser must read it, and find each event with its start.
  try {
    const parsed = parsedEvents(ics);
    if (parsed.length !== events.length) problems.push(`node-ical read ${parsed.length} events of ${events.length}`);
    for (const e of parsed)
      if (!(e.start instanceof Date) || Number.isNaN(e.start.getTime())) problems.push(`node-ical found no start for ${e.uid}`);
  } catch (e) {
    problems.push(`node-ical could not parse the file: ${(e as Error).message}`);
  }
  return problems;
}

/** The parsed events (node-ical), for what a test reads from them. */
export const parsedEvents = (ics: string) => Object.values(ical.sync.parseICS(ics)).filter((c): c is ical.VEvent => c?.type === "VEVENT");

/**
 * The events as a second, independent parser reads them (ical.js, Mozilla's), after a round
 * trip: parsed, written back out by ical.js and parsed again, so both parsers agree the file
 * means the same thing.
 */
export function roundTripEvents(ics: string) {
  const once = new ICAL.Component(ICAL.parse(ics));
  const again = new ICAL.Component(ICAL.parse(once.toString()));
  return again.getAllSubcomponents("vevent").map((c) => ({
    uid: String(c.getFirstPropertyValue("uid")),
    sequence: Number(c.getFirstPropertyValue("sequence")),
    status: String(c.getFirstPropertyValue("status")),
    location: c.getFirstPropertyValue("location") as string | null,
    url: c.getFirstPropertyValue("url") as string | null,
    summary: String(c.getFirstPropertyValue("summary")),
    description: String(c.getFirstPropertyValue("description")),
    start: (c.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate(),
  }));
}
