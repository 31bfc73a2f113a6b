import { options } from "./options";

/** The kinds of study a client can run; pages, cards and e-mails read these labels. */
export const PROJECT_TYPES = options({ interview: "Interview", survey: "Survey", focus_group: "Focus group", other: "Other" });

export const PROJECT_VISIBILITIES = options({ open: "Open to verified experts", invite_only: "Invite only" });

/** Where a study takes place. Older projects stored free text; labelOf shows such a value as written. */
export const LOCATION_TYPES = options({ remote: "Remote", video: "Video call", phone: "Phone", in_person: "In person" });
