// The words every page and export uses for a participant who withdrew their consent to a study.

/** On the client's card and in each export that lists participants. */
export const WITHDRAWN_FLAG = "Withdrawn — delete this person's data";
