import { options, type Option } from "./options";

// The directory's fixed filter choices that are not stored vocabularies of their own:
// departments, focus areas and tools are free text on the expert row.

export const DEPARTMENT_FILTERS = ["Mathematics", "English", "Science", "Social Studies", "Special Education", "Technology"] as const;
export const FOCUS_AREA_FILTERS = [
  "Curriculum Development",
  "Assessment",
  "Technology Integration",
  "Leadership",
  "Professional Development",
] as const;
export const TOOL_FILTERS = ["Google Classroom", "Canvas", "Blackboard", "Zoom", "Microsoft Teams"] as const;

export const VERIFICATION_STATUSES = options({ verified: "Verified", pending: "Pending", rejected: "Rejected" });

/** A list of plain words as options (the word is both value and label). */
export const asOptions = (words: readonly string[]): Option[] => words.map((w) => ({ value: w, label: w }));
