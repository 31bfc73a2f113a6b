import { options } from "./options";

/** The research types an expert may offer (preferences step). */
export const RESEARCH_TYPES = options({
  online_surveys: "Online surveys (5-15 min)",
  phone_interviews: "Phone interviews (30-45 min)",
  video_interviews: "Video interviews (30-60 min)",
  focus_groups: "Focus groups (60-90 min)",
  product_testing: "Product testing",
  policy_feedback: "Policy feedback",
  curriculum_review: "Curriculum review",
  educational_research_studies: "Educational research studies",
});

export const INTERVIEW_PREFERENCES = options({ video_calls: "Video calls", phone_calls: "Phone calls", surveys_only: "Surveys only" });

/** The five self-rated areas of the pulse step. */
export const PULSE_AREAS = options({
  curriculum_expertise: "Curriculum Expertise",
  technology_integration: "Technology Integration",
  student_engagement: "Student Engagement",
  data_analysis: "Data Analysis",
  leadership_management: "Leadership & Management",
});
export type PulseArea = (typeof PULSE_AREAS)[number]["value"];

/** What an expert may pick as a growth area: the five rated areas and a few more. */
export const IMPROVEMENT_AREAS = [
  ...PULSE_AREAS,
  ...options({
    assessment_design: "Assessment Design",
    family_engagement: "Family Engagement",
    professional_development: "Professional Development",
    equity_inclusion: "Equity & Inclusion",
  }),
];

/** 1-2 Beginner, 3-4 Developing, 5-6 Proficient, 7-8 Advanced, 9-10 Expert. */
export function pulseLevel(score: number) {
  if (score <= 2) return "Beginner";
  if (score <= 4) return "Developing";
  if (score <= 6) return "Proficient";
  if (score <= 8) return "Advanced";
  return "Expert";
}
