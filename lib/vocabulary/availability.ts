import { pick, type Option } from "./options";

/** 000 §3: available, limited, unavailable; the public profile also knows busy. */
export const AVAILABILITY_STATUSES = [
  { value: "available", label: "Available" },
  { value: "limited", label: "Limited" },
  { value: "busy", label: "Busy" },
  { value: "unavailable", label: "Unavailable" },
] as const satisfies readonly Option[];
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number]["value"];

/** What an expert may choose in onboarding ("busy" is only ever set elsewhere). */
export const CHOOSABLE_AVAILABILITY = pick(AVAILABILITY_STATUSES, ["available", "limited", "unavailable"]);
/** 001 §7: the directory offers busy, the client variant limited (000 §2). */
export const DIRECTORY_AVAILABILITY_FILTERS = pick(AVAILABILITY_STATUSES, ["available", "busy", "unavailable"]);
export const CLIENT_AVAILABILITY_FILTERS = pick(AVAILABILITY_STATUSES, ["available", "limited", "unavailable"]);
