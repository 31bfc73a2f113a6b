/**
 * The accessible name of a button repeated on every card ("Accept — Principal interviews"): the
 * visible word first, as it is read on screen, then the study it acts on, so a list of buttons
 * read out of context still says which study each one is for.
 */
export const named = (action: string, title: string) => `${action} — ${title}`;
