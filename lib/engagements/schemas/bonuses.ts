import { z } from "../../platform/validation/zod";

// A bonus batch: one engagement and amount, or a CSV of them ("engagement_id,amount" per line,
// amounts in dollars; on a survey the participant id the client's own tool knows may stand in
// for the engagement id), checked line by line before anything moves.

export const BONUS_MAX_DOLLARS = 1_000;
export const BONUS_MAX_LINES = 500;

export type BonusItem = { engagementId: string; cents: number };
/** A CSV line: an engagement id, or a survey participant id still to be found among the client's own (lib/engagements/bonus-lines.ts). */
export type BonusLine = BonusItem & { participant?: { id: string; line: number } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A survey participant id as the platform makes them (lib/engagements/survey-codes.ts): 128 bits, base64url. */
const PARTICIPANT_ID = /^[A-Za-z0-9_-]{22}$/;

/** Dollars as typed ("5", "12.50", "$7") to cents, or the reason it is not an amount. */
export function bonusCents(raw: string): number | string {
  const text = raw.trim().replace(/^\$/, "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return "the amount must be dollars, with at most 2 decimals";
  const cents = Math.round(Number(text) * 100);
  if (cents < 1) return "the amount must be more than $0";
  if (cents > BONUS_MAX_DOLLARS * 100) return `the amount must be at most $${BONUS_MAX_DOLLARS.toLocaleString("en-US")}`;
  return cents;
}

/** The lines of a bonus CSV, or every problem found in it (line numbers count from 1; a header line is skipped). */
export function parseBonusCsv(text: string): { items: BonusLine[]; problems: string[] } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const items: BonusLine[] = [];
  const problems: string[] = [];
  lines.forEach((line, i) => {
    const [id = "", amount = "", ...rest] = line.split(",").map((c) => c.trim().replace(/^"|"$/g, ""));
    if (i === 0 && !UUID.test(id) && /engagement|participant/i.test(id)) return;
    if (rest.some(Boolean) || !amount) return void problems.push(`Line ${i + 1}: write "engagement id, amount"`);
    const byParticipant = !UUID.test(id) && PARTICIPANT_ID.test(id);
    if (!UUID.test(id) && !byParticipant) return void problems.push(`Line ${i + 1}: the engagement id is not valid`);
    const cents = bonusCents(amount);
    if (typeof cents === "string") return void problems.push(`Line ${i + 1}: ${cents}`);
    items.push(byParticipant ? { engagementId: "", cents, participant: { id, line: i + 1 } } : { engagementId: id.toLowerCase(), cents });
  });
  if (!problems.length && !items.length) problems.push("Add at least one line: engagement id, amount");
  if (items.length > BONUS_MAX_LINES) problems.push(`At most ${BONUS_MAX_LINES} lines at once`);
  return { items, problems };
}

const batchKey = z.uuid("Reload the page and try again");
const note = z.string().trim().max(500, "The note must be at most 500 characters").optional().nullable();

export const bonusSchema = z.object({
  batchKey,
  engagementId: z.uuid("Engagement is not valid"),
  amount: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const cents = bonusCents(v);
      if (typeof cents === "string") {
        ctx.addIssue({ code: "custom", message: cents.charAt(0).toUpperCase() + cents.slice(1) });
        return z.NEVER;
      }
      return cents;
    }),
  note,
});

export const bonusCsvSchema = z.object({
  batchKey,
  csv: z
    .string()
    .max(100_000, "The list is too long")
    .transform((text, ctx) => {
      const { items, problems } = parseBonusCsv(text);
      for (const p of problems) ctx.addIssue({ code: "custom", message: p });
      return items;
    }),
  note,
});

/** A billing member approves or declines a bonus waiting for approval. */
export const decideBonusSchema = z.object({
  bonusId: z.uuid("Bonus is not valid"),
  decision: z.enum(["approve", "decline"], "Choose approve or decline"),
});

/** The organization's approval threshold, in dollars as typed (0 up to the largest bonus). */
export const bonusThresholdSchema = z.object({
  threshold: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const text = v.replace(/^\$/, "");
      if (!/^\d+(\.\d{1,2})?$/.test(text)) {
        ctx.addIssue({ code: "custom", message: "Enter an amount in dollars, with at most 2 decimals" });
        return z.NEVER;
      }
      const cents = Math.round(Number(text) * 100);
      if (cents > BONUS_MAX_DOLLARS * BONUS_MAX_LINES * 100) {
        ctx.addIssue({ code: "custom", message: "The threshold is too large" });
        return z.NEVER;
      }
      return cents;
    }),
});
