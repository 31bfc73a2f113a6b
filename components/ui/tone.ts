// Tinted labels and notices by meaning, through the theme's tokens (app/globals.css), so each
// reads in the light and the dark scheme alike.
export const TONE = {
  success: "border-success-line bg-success-soft text-success-soft-foreground",
  warning: "border-warning-line bg-warning-soft text-warning-soft-foreground",
  caution: "border-caution-line bg-caution-soft text-caution-soft-foreground",
  danger: "border-danger-line bg-danger-soft text-danger-soft-foreground",
  info: "border-info-line bg-info-soft text-info-soft-foreground",
  neutral: "border-neutral-line bg-neutral-soft text-neutral-soft-foreground",
} as const;

export type Tone = keyof typeof TONE;
