import { options } from "./options";

/** The kinds of study a client can run; pages, cards and e-mails read these labels. */
export const PROJECT_TYPES = options({ interview: "Interview", survey: "Survey", focus_group: "Focus group", other: "Other" });

/**
 * How a study runs. The client's Type decides it; "Other" runs as an interview (one expert,
 * one scheduled session).
 */
export type StudyFormat = "interview" | "survey" | "focus_group";
export const formatOf = (projectType: string): StudyFormat =>
  projectType === "survey" ? "survey" : projectType === "focus_group" ? "focus_group" : "interview";

/**
 * What one place of a study is called: an expert's response to a survey, a seat in a focus
 * group, a session of an interview. Pay reads "per response", counts "1 of 3 responses".
 */
export const FORMAT_UNITS: Record<StudyFormat, { one: string; many: string }> = {
  interview: { one: "session", many: "sessions" },
  survey: { one: "response", many: "responses" },
  focus_group: { one: "seat", many: "seats" },
};

/** "per response", "per seat", "per session". */
export const perUnit = (format: StudyFormat) => `per ${FORMAT_UNITS[format].one}`;

/** "1 of 3 responses", "0 of 2 seats": a study's places filled, in its own unit (plural after the total). */
export const filledOf = (format: StudyFormat, filled: number, of: number) =>
  `${filled} of ${of} ${of === 1 ? FORMAT_UNITS[format].one : FORMAT_UNITS[format].many}`;

/** A survey runs in the expert's own survey tool, on their own time: it has no place or call to name. */
export const hasLocation = (format: StudyFormat) => format !== "survey";

/** "This study is …": how a refusal names the format. */
export const FORMAT_PHRASES: Record<StudyFormat, string> = {
  interview: "an interview",
  survey: "a survey, answered on the expert's own time",
  focus_group: "a focus group",
};

/** The kinds of research a client names; each suggests the Type it usually runs as, which the client may change. */
export const RESEARCH_TYPES = options({
  online_surveys: "Online survey",
  phone_interviews: "Phone interview",
  video_interviews: "Video interview",
  focus_groups: "Focus group",
  product_testing: "Product testing",
  policy_feedback: "Policy feedback",
  curriculum_review: "Curriculum review",
  educational_research_studies: "Educational research study",
});
export type ResearchTypeValue = (typeof RESEARCH_TYPES)[number]["value"];
export const DEFAULT_TYPE_OF_RESEARCH: Record<ResearchTypeValue, (typeof PROJECT_TYPES)[number]["value"]> = {
  online_surveys: "survey",
  phone_interviews: "interview",
  video_interviews: "interview",
  focus_groups: "focus_group",
  product_testing: "interview",
  policy_feedback: "survey",
  curriculum_review: "focus_group",
  educational_research_studies: "survey",
};

export const PROJECT_VISIBILITIES = options({ open: "Open to verified experts", invite_only: "Invite only" });

/** Where a study takes place. Older projects stored free text; labelOf shows such a value as written. */
export const LOCATION_TYPES = options({ remote: "Remote", video: "Video call", phone: "Phone", in_person: "In person" });
