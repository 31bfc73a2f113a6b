// The addresses a survey runs on: the client's own survey with each expert's opaque id in it,
// and the three ends on this site that the survey sends people back to, each with its own code.
// Pure and browser-safe: the project form checks a survey link with the same rule the server
// uses. The secrets (ids and codes) are made and compared in survey-codes.ts, on the server only.

/** Where the expert's opaque id goes in the client's survey address. */
export const PARTICIPANT_PLACEHOLDER = "{{participant_id}}";

/** The ways a survey can end for an expert, as the end address names them. */
export const SURVEY_ENDS = ["complete", "screened-out", "over-quota"] as const;
export type SurveyEnd = (typeof SURVEY_ENDS)[number];

/** The expert's own link into the client's survey: the placeholder becomes their opaque id (every occurrence). */
export const participantLink = (surveyUrl: string, participantId: string) =>
  surveyUrl.split(PARTICIPANT_PLACEHOLDER).join(encodeURIComponent(participantId));

/** A survey address the platform can use: a web address that carries the placeholder. */
export function surveyUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.split(PARTICIPANT_PLACEHOLDER).join("x"));
  } catch {
    return "Survey link must be a web address (https://…)";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "Survey link must be a web address (https://…)";
  if (!url.includes(PARTICIPANT_PLACEHOLDER)) return `Survey link must contain ${PARTICIPANT_PLACEHOLDER} where the participant's id goes`;
  return null;
}

/**
 * The end address the client sets in their survey tool for one outcome. `pid` is where the tool
 * pipes the participant id back; the code proves the visit came from the survey's own end page.
 */
export function surveyEndUrl(appUrl: string, projectId: string, end: SurveyEnd, code: string): string {
  return `${appUrl}/survey/${projectId}/${end}?code=${encodeURIComponent(code)}&pid=${PARTICIPANT_PLACEHOLDER}`;
}
