// The addresses a survey runs on: the client's own survey with each expert's opaque id and own
// completion code in it, and the three ends on this site that the survey sends people back to.
// Pure and browser-safe: the project form checks a survey link with the same rule the server
// uses. The secrets (ids and codes) are made and compared in survey-codes.ts, on the server only.

/** Where the expert's opaque id goes in the client's survey address (and in the end addresses). */
export const PARTICIPANT_PLACEHOLDER = "{{participant_id}}";
/** Where the expert's own completion code goes in the client's survey address and the completion address. */
export const CODE_PLACEHOLDER = "{{completion_code}}";
/** The query parameter that carries the completion code into a survey link that has no place for it. */
export const CODE_PARAMETER = "k12_code";

/** The ways a survey can end for an expert, as the end address names them. */
export const SURVEY_ENDS = ["complete", "screened-out", "over-quota"] as const;
export type SurveyEnd = (typeof SURVEY_ENDS)[number];

const fill = (url: string, placeholder: string, value: string) => url.split(placeholder).join(encodeURIComponent(value));

/**
 * The expert's own link into the client's survey: their opaque id in place of its placeholder and
 * their completion code in place of its own, so the tool can send both back at the end. A link
 * without a place for the code gets it as one more parameter.
 */
export function participantLink(surveyUrl: string, participantId: string, completionCode: string): string {
  const withId = fill(surveyUrl, PARTICIPANT_PLACEHOLDER, participantId);
  if (withId.includes(CODE_PLACEHOLDER)) return fill(withId, CODE_PLACEHOLDER, completionCode);
  const [address, fragment] = withId.split(/#(.*)/s);
  const param = `${address.includes("?") ? "&" : "?"}${CODE_PARAMETER}=${encodeURIComponent(completionCode)}`;
  return `${address}${param}${fragment === undefined ? "" : `#${fragment}`}`;
}

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
 * pipes the participant id back; `code` proves the survey sent them: on the completion address
 * the participant's own code (piped back like the id), on the others the survey's code for that
 * end.
 */
export function surveyEndUrl(appUrl: string, projectId: string, end: SurveyEnd, code: string = CODE_PLACEHOLDER): string {
  const value = code === CODE_PLACEHOLDER ? code : encodeURIComponent(code);
  return `${appUrl}/survey/${projectId}/${end}?pid=${PARTICIPANT_PLACEHOLDER}&code=${value}`;
}

/** An end address with one participant's values in place of its placeholders (what the tool sends them to). */
export const filledEndUrl = (endUrl: string, participantId: string, completionCode: string) =>
  fill(fill(endUrl, PARTICIPANT_PLACEHOLDER, participantId), CODE_PLACEHOLDER, completionCode);
