// The badge colour of an availability status (labels come from lib/vocabulary/availability).
export const availabilityVariant = (v: string) =>
  (v === "available" ? "success" : v === "unavailable" ? "destructive" : "warning") as "success" | "destructive" | "warning";
