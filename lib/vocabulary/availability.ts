import { options, pick } from "./options";

/** 000 §3: available, limited, unavailable; the public profile also knows busy. */
export const AVAILABILITY_STATUSES = options({ available: "Available", limited: "Limited", busy: "Busy", unavailable: "Unavailable" });
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number]["value"];

/** What an expert may choose in onboarding ("busy" is only ever set elsewhere). */
export const CHOOSABLE_AVAILABILITY = pick(AVAILABILITY_STATUSES, ["available", "limited", "unavailable"]);
/** 001 §7: the directory offers busy, the client variant limited (000 §2). */
export const DIRECTORY_AVAILABILITY_FILTERS = pick(AVAILABILITY_STATUSES, ["available", "busy", "unavailable"]);
export const CLIENT_AVAILABILITY_FILTERS = pick(AVAILABILITY_STATUSES, ["available", "limited", "unavailable"]);
