// Expert role titles (onboarding's basics step) and the directory's role filter. No zod here:
// the browser's forms import this module.

export const EXPERT_ROLE_TITLES = [
  "superintendent",
  "principal",
  "assistant-principal",
  "curriculum-director",
  "technology-director",
  "transportation-director",
  "special-ed-director",
  "teacher",
  "other",
] as const;
export type ExpertRoleTitle = (typeof EXPERT_ROLE_TITLES)[number];

/** How each role is shown and stored on the expert row (the public profile shows it as is). */
export const ROLE_TITLE_LABELS: Record<ExpertRoleTitle, string> = {
  superintendent: "Superintendent",
  principal: "Principal",
  "assistant-principal": "Assistant Principal",
  "curriculum-director": "Curriculum Director",
  "technology-director": "Technology Director",
  "transportation-director": "Transportation Director",
  "special-ed-director": "Special Education Director",
  teacher: "Teacher",
  other: "Other",
};

/** The role choices as options: the stored label is the value, so the form holds what the row holds. */
export const ROLE_TITLE_OPTIONS = EXPERT_ROLE_TITLES.map((r) => ({ value: ROLE_TITLE_LABELS[r], label: ROLE_TITLE_LABELS[r] }));

/**
 * The one conversion between the role values ("assistant-principal", what the API and
 * sign-up send) and the stored label ("Assistant Principal"). Either spelling, in any case,
 * gives the label; anything else gives null.
 */
export function storedRoleTitle(input: string): string | null {
  const s = input.trim().toLowerCase();
  const hit = EXPERT_ROLE_TITLES.find((v) => v === s || ROLE_TITLE_LABELS[v].toLowerCase() === s);
  return hit ? ROLE_TITLE_LABELS[hit] : null;
}

/**
 * The directory's five role labels and the stored roles each one names. Every label
 * names at least one role onboarding can store, and every such role sits under a label, so no
 * label finds nobody (tests/unit/vocabulary.test.ts). A coordinator has no title of its own in
 * the onboarding list: such experts choose "Other".
 */
export const ROLE_FILTERS = [
  { label: "Teacher", roles: ["teacher"] },
  { label: "Principal", roles: ["principal"] },
  {
    label: "Administrator",
    roles: ["assistant-principal", "curriculum-director", "technology-director", "transportation-director", "special-ed-director"],
  },
  { label: "Superintendent", roles: ["superintendent"] },
  { label: "Coordinator", roles: ["other"] },
] as const satisfies readonly { label: string; roles: readonly ExpertRoleTitle[] }[];

/**
 * What a role filter matches: for one of the five labels, the stored titles of the roles it
 * names; for any other text (the client variant's free text, the API), nothing extra. Titles
 * stored free-form (sign-up via the API, older rows) still match by containing the text.
 */
export function roleFilterTitles(filter: string): string[] {
  const group = ROLE_FILTERS.find((g) => g.label.toLowerCase() === filter.trim().toLowerCase());
  return group ? group.roles.map((r) => ROLE_TITLE_LABELS[r]) : [];
}
