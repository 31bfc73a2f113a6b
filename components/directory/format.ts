// Display helpers shared by the directory, the client search and the public profile.

const AVAILABILITY: Record<string, string> = { available: "Available", limited: "Limited", busy: "Busy", unavailable: "Unavailable" };
const DISTRICT_TYPE: Record<string, string> = { public: "Public", charter: "Charter", private: "Private", independent: "Independent", ies: "IES", other: "Other" };
const DISTRICT_SIZE: Record<string, string> = { small: "Small (< 2,500)", medium: "Medium (2,500 - 9,999)", large: "Large (10,000+)", "very-large": "Very large (over 25,000)" };
const URBANICITY: Record<string, string> = { urban: "Urban", suburban: "Suburban", rural: "Rural", mixed: "Mixed" };

export const availabilityLabel = (v: string) => AVAILABILITY[v] ?? v;
export const districtTypeLabel = (v: string | null) => (v ? (DISTRICT_TYPE[v] ?? v) : null);
export const districtSizeLabel = (v: string | null) => (v ? (DISTRICT_SIZE[v] ?? v) : null);
export const urbanicityLabel = (v: string | null) => (v ? (URBANICITY[v] ?? v) : null);
export const humanize = (v: string) => v.replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());

export function rateLabel(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  if (min !== null && max !== null) return `$${min}-$${max}/hr`;
  return `$${min ?? max}/hr`;
}

export const availabilityVariant = (v: string) => (v === "available" ? "success" : v === "unavailable" ? "destructive" : "warning") as "success" | "destructive" | "warning";
