import { z } from "@/lib/platform/validation/zod";
import { defineStep } from "@/lib/experts/profile/step";
import { ONBOARDING_MESSAGES, choice, tagList } from "@/lib/experts/profile/rules";
import { DISTRICT_SIZES, DISTRICT_TYPES, URBANICITY, fromPrismaDistrictSize, toPrismaDistrictSize } from "@/lib/vocabulary/districts";

const focusAreas = tagList("Focus areas", 30);
const optionalChoice = <T extends readonly { value: string }[]>(options: T, label: string) =>
  choice(options, label)
    .nullish()
    .transform((v) => v ?? null);

/** Step 3: experience, focus areas, tools, certifications and the district. */
export const expertise = defineStep({
  title: "Expertise",
  schema: z.object({
    yearsExperience: z.coerce
      .number({ error: "Years of experience is required" })
      .int("Years of experience must be a whole number")
      .min(0, "Years of experience must be between 0 and 50")
      .max(50, "Years of experience must be between 0 and 50"),
    tags: focusAreas.refine((l) => l.length >= 2, ONBOARDING_MESSAGES.focusAreasMin),
    toolsPlatforms: tagList("Tools", 30).default([]),
    certifications: tagList("Certifications", 20).default([]),
    districtType: optionalChoice(DISTRICT_TYPES, "district type"),
    districtSize: optionalChoice(DISTRICT_SIZES, "district size"),
    urbanicity: optionalChoice(URBANICITY, "urbanicity"),
  }),
  draft: { tags: focusAreas },
  defaults: {
    yearsExperience: null,
    tags: [],
    toolsPlatforms: [],
    certifications: [],
    districtType: null,
    districtSize: null,
    urbanicity: null,
  },
  fromRow: (row) => ({
    yearsExperience: row.yearsExperience,
    tags: row.tags,
    toolsPlatforms: row.toolsPlatforms,
    certifications: row.certifications,
    districtType: row.districtType,
    districtSize: row.districtSize && fromPrismaDistrictSize(row.districtSize),
    urbanicity: row.urbanicity,
  }),
  toColumns: ({ districtSize, ...v }) => ({
    ...v,
    ...(districtSize !== undefined ? { districtSize: districtSize && toPrismaDistrictSize(districtSize) } : {}),
  }),
  // experts-expertise names these fields as the original build did.
  apiNames: { yearsInRole: "yearsExperience", expertiseTags: "tags", tools: "toolsPlatforms", districtSizeBand: "districtSize" },
});
