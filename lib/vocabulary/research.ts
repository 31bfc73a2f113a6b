import type { Option } from "./options";

/** 000 §3: research types offered (preferences step). */
export const RESEARCH_TYPES = [
  { value: "online_surveys", label: "Online surveys (5-15 min)" },
  { value: "phone_interviews", label: "Phone interviews (30-45 min)" },
  { value: "video_interviews", label: "Video interviews (30-60 min)" },
  { value: "focus_groups", label: "Focus groups (60-90 min)" },
  { value: "product_testing", label: "Product testing" },
  { value: "policy_feedback", label: "Policy feedback" },
  { value: "curriculum_review", label: "Curriculum review" },
  { value: "educational_research_studies", label: "Educational research studies" },
] as const satisfies readonly Option[];

export const INTERVIEW_PREFERENCES = [
  { value: "video_calls", label: "Video calls" },
  { value: "phone_calls", label: "Phone calls" },
  { value: "surveys_only", label: "Surveys only" },
] as const satisfies readonly Option[];

/** The five self-rated areas of the pulse step. */
export const PULSE_AREAS = [
  { value: "curriculum_expertise", label: "Curriculum Expertise" },
  { value: "technology_integration", label: "Technology Integration" },
  { value: "student_engagement", label: "Student Engagement" },
  { value: "data_analysis", label: "Data Analysis" },
  { value: "leadership_management", label: "Leadership & Management" },
] as const satisfies readonly Option[];
export type PulseArea = (typeof PULSE_AREAS)[number]["value"];

/** What an expert may pick as a growth area: the five rated areas and a few more. */
export const IMPROVEMENT_AREAS = [
  ...PULSE_AREAS,
  { value: "assessment_design", label: "Assessment Design" },
  { value: "family_engagement", label: "Family Engagement" },
  { value: "professional_development", label: "Professional Development" },
  { value: "equity_inclusion", label: "Equity & Inclusion" },
] as const satisfies readonly Option[];

/** 1-2 Beginner, 3-4 Developing, 5-6 Proficient, 7-8 Advanced, 9-10 Expert. */
export function pulseLevel(score: number) {
  if (score <= 2) return "Beginner";
  if (score <= 4) return "Developing";
  if (score <= 6) return "Proficient";
  if (score <= 8) return "Advanced";
  return "Expert";
}
