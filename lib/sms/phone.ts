// Phone numbers as texts need them: E.164. A number typed with 10 digits (or 11 starting with 1)
// is a US/Canada (NANP) number; others must be typed with their + and country code.

export function toE164(input: string): string | null {
  const trimmed = input.trim();
  const digits = trimmed.replace(/[\s().-]/g, "");
  if (/^\+[1-9]\d{7,14}$/.test(digits)) return /^\+1/.test(digits) && !/^\+1[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? null : digits;
  if (/^1?[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return `+1${digits.slice(-10)}`;
  return null;
}

/** "+1 (555) 123-4567" for a US number, the E.164 form otherwise; the last 4 digits stand out either way. */
export function formatPhone(e164: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `+1 (${m[1]}) ${m[2]}-${m[3]}` : e164;
}
