import { z } from "../../platform/validation/zod";
import { valuesOf } from "@/lib/vocabulary/options";
import { US_STATES } from "@/lib/vocabulary/places";
import { TAX_CLASSIFICATIONS, TIN_TYPES } from "@/lib/vocabulary/tax";

// The W-9, shared by the form on /payments and the server action.

const required = (label: string, max = 120) =>
  z.string().trim().min(1, `${label} is required`).max(max, `Keep ${label.toLowerCase()} under ${max} characters.`);
const optional = (label: string, max = 120) =>
  z
    .string()
    .trim()
    .max(max, `Keep ${label.toLowerCase()} under ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A US postal address, as the W-9 and a check's mailing address take it. */
export const usAddressFields = {
  addressLine1: required("Address"),
  addressLine2: optional("Address line 2"),
  city: required("City", 80),
  state: z.enum(valuesOf(US_STATES), { message: "Choose a state" }),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "Enter a 5-digit ZIP code (or ZIP+4)"),
};
export const usAddressSchema = z.object(usAddressFields);
export type UsAddress = z.output<typeof usAddressSchema>;

export const taxFormSchema = z.object({
  legalName: required("Legal name"),
  businessName: optional("Business name"),
  classification: z.enum(valuesOf(TAX_CLASSIFICATIONS), { message: "Choose a tax classification" }),
  ...usAddressFields,
  tinType: z.enum(valuesOf(TIN_TYPES), { message: "Choose SSN or EIN" }),
  // Dashes and spaces as people type them ("123-45-6789", "12-3456789") are dropped.
  tin: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{9}$/, "Enter the 9 digits of your SSN or EIN")),
});
export type TaxFormInput = z.input<typeof taxFormSchema>;
export type TaxFormValues = z.output<typeof taxFormSchema>;

/** The 1099 export's year: a four-digit year from the query string. */
export const taxYearSchema = z.coerce
  .number()
  .int("Choose a year")
  .min(2000, "Choose a year from 2000 on")
  .max(2100, "Choose a year before 2100");
/** The admin's 1099 export request. */
export const export1099Schema = z.object({ year: taxYearSchema }).strict();
