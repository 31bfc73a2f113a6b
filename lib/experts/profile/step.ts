import type { z } from "@/lib/platform/validation/zod";
import type { Expert, Prisma } from "@/lib/generated/prisma/client";

// The shape of one entry of the profile table (lib/experts/profile/table.ts). Field names are the
// expert row's column names throughout; the form, the service and the table use them alike.

/** What a step's checked values write to the expert row: plain column values (fit to create or update it). */
export type Columns = Partial<Omit<Prisma.ExpertUncheckedCreateInput, "id" | "userId">>;

/** Seals a secret for storage in one field of the expert's row (lib/money/payment-data, server side), returning what the row keeps of it. */
export type Seal = (secret: string, field: "routing_number" | "account_number") => { sealed: string; last4: string };

/** A step's values as the form holds them: any field may still be empty (null). */
export type FormValues<S extends z.ZodType> = { [K in keyof z.output<S>]: z.output<S>[K] | null };

export type StepDef<S extends z.ZodObject> = {
  title: string;
  /** The rules for completing the step (Save & Continue, the API): each field, and the cross-field ones. */
  schema: S;
  /** Autosave keeps drafts: the fields whose completing rule is stricter than a draft needs ("at least 2", "must agree"). */
  draft?: { [K in keyof S["shape"]]?: z.ZodType };
  /** The form's values before anything is stored. */
  defaults: FormValues<S>;
  /** The stored row as the form shows it (secrets left empty). */
  fromRow: (row: Expert) => FormValues<S>;
  /** Checked values (all of the step, or the valid fields of a draft) → the columns they set. */
  toColumns: (values: Partial<z.output<S>>, seal: Seal) => Columns;
  /** The API's body names where they differ from the column names. */
  apiNames?: Record<string, keyof S["shape"] & string>;
};

/** Typed identity: an entry keeps its own schema type. */
export const defineStep = <S extends z.ZodObject>(def: StepDef<S>) => def;

/** Only the keys present in `values` (a draft writes the fields it has, nothing else). */
export function present<T extends object>(values: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
