import "server-only";
import { db } from "@/lib/platform/db";
import { filledEndUrl, PARTICIPANT_PLACEHOLDER, surveyEndUrl } from "@/lib/engagements/survey-links";
import { completionCodeFor } from "@/lib/engagements/survey-codes";

// The demo's stand-in for a client's survey tool: the seeded surveys link here, and its last
// page sends the expert back through the survey's own end addresses, with their participant id
// and own completion code piped in, exactly as a real tool configured by the client would.
// Served in demo mode only.

export const DEMO_SURVEY_URL = `/demo-survey?pid=${PARTICIPANT_PLACEHOLDER}`;

/** The end addresses for the place behind an opaque participant id, or null when there is none. */
export async function demoSurveyEnds(participantId: string) {
  const e = await db().engagement.findUnique({
    where: { participantId },
    select: { project: { select: { id: true, title: true, screenOutCode: true, surveyUrl: true } } },
  });
  const p = e?.project;
  if (!p || p.surveyUrl !== DEMO_SURVEY_URL || !p.screenOutCode) return null;
  const code = completionCodeFor(participantId);
  return {
    title: p.title,
    code,
    complete: filledEndUrl(surveyEndUrl("", p.id, "complete"), participantId, code),
    screenOut: filledEndUrl(surveyEndUrl("", p.id, "screened-out", p.screenOutCode), participantId, code),
  };
}
