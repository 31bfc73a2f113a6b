import type { SurveyEndResult } from "@/lib/engagements/surveys";
import type { SurveyEnd } from "@/lib/engagements/survey-links";

// The words of a survey's end page, shared by the page (a reload) and its confirmation (the POST).

export const OUTCOME: Record<SurveyEndResult["state"], { title: string; text: string }> = {
  submitted: {
    title: "Response submitted",
    text: "Thank you: your response is recorded and in the client's review. Its pay reaches your wallet when the review ends, or sooner if they approve it.",
  },
  screened_out: {
    title: "Thanks for your time",
    text: "This survey was looking for a different profile. Any screen-out pay the client set is on its way to your wallet.",
  },
  over_quota: {
    title: "This survey is full",
    text: "The survey already had enough answers from people like you. Any over-quota pay the client set is on its way to your wallet.",
  },
};

export const ALREADY_RECORDED = "Already recorded";

/** What the confirmation asks before anything is recorded, per end. */
export const CONFIRM: Record<SurveyEnd, { title: string; text: string; button: string }> = {
  complete: {
    title: "Submit your response",
    text: "Your survey sent you back to K12 Experts. Submit to record your response; it then goes to the client's review.",
    button: "Submit response",
  },
  "screened-out": {
    title: "The survey screened you out",
    text: "The survey was looking for a different profile. Confirm to end your place; any screen-out pay the client set goes to your wallet.",
    button: "Confirm",
  },
  "over-quota": {
    title: "The survey is full",
    text: "The survey already has enough answers from people like you. Confirm to end your place; any over-quota pay the client set goes to your wallet.",
    button: "Confirm",
  },
};
