// The review packet's fields and their headings, as the office and the researcher read them.

export type Packet = {
  title: string;
  purpose: string;
  format: string;
  askOfStaff: string;
  dates: string;
  instruments: string;
  irbLetter: string;
  consentDocument: string;
  organization: string;
  contact: string;
};

export const PACKET_LABELS: [keyof Packet, string][] = [
  ["purpose", "Purpose"],
  ["askOfStaff", "What it asks of staff"],
  ["dates", "Dates"],
  ["instruments", "Instruments"],
  ["irbLetter", "IRB letter"],
  ["consentDocument", "Consent document"],
  ["organization", "Organization"],
  ["contact", "Contact"],
];

/** A stored packet, or null when the row's JSON is not one (never trusted blindly). */
export function readPacket(json: unknown): Packet | null {
  if (!json || typeof json !== "object") return null;
  const p = json as Record<string, unknown>;
  return typeof p.title === "string" && typeof p.askOfStaff === "string" ? (p as Packet) : null;
}
