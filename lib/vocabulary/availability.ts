import { options, pick } from "./options";

/** An expert chooses available, limited or unavailable; the public profile also knows busy. */
export const AVAILABILITY_STATUSES = options({ available: "Available", limited: "Limited", busy: "Busy", unavailable: "Unavailable" });
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number]["value"];

/** What an expert may choose in onboarding ("busy" is only ever set elsewhere). */
export const CHOOSABLE_AVAILABILITY = pick(AVAILABILITY_STATUSES, ["available", "limited", "unavailable"]);
/** The directory's filter offers busy where the client search variant offers limited. */
export const DIRECTORY_AVAILABILITY_FILTERS = pick(AVAILABILITY_STATUSES, ["available", "busy", "unavailable"]);
export const CLIENT_AVAILABILITY_FILTERS = pick(AVAILABILITY_STATUSES, ["available", "limited", "unavailable"]);
