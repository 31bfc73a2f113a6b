import "server-only";
import { db } from "@/lib/platform/db";
import { PARTICIPANT_PLACEHOLDER, surveyEndUrl } from "@/lib/engagements/survey-links";

// The demo's stand-in for a client's survey tool: the seeded surveys link here, and its last
// page sends the expert back through the survey's own end addresses, exactly as a real tool
// configured by the client would. Served in demo mode only.

export const DEMO_SURVEY_URL = `/demo-survey?pid=${PARTICIPANT_PLACEHOLDER}`;

/** The end addresses for the place behind an opaque participant id, or null when there is none. */
export async function demoSurveyEnds(participantId: string) {
  const e = await db().engagement.findUnique({
    where: { participantId },
    select: {
      project: { select: { id: true, title: true, completionCode: true, screenOutCode: true, surveyUrl: true } },
    },
  });
  const p = e?.project;
  if (!p || p.surveyUrl !== DEMO_SURVEY_URL || !p.completionCode || !p.screenOutCode) return null;
  const withId = (url: string) => url.replace(PARTICIPANT_PLACEHOLDER, encodeURIComponent(participantId));
  return {
    title: p.title,
    complete: withId(surveyEndUrl("", p.id, "complete", p.completionCode)),
    screenOut: withId(surveyEndUrl("", p.id, "screened-out", p.screenOutCode)),
  };
}
