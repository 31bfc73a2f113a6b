import { options } from "./options";

/** The W-9's federal tax classification (line 3a), stored as TaxClassification. */
export const TAX_CLASSIFICATIONS = options({
  individual: "Individual",
  sole_proprietor: "Sole proprietor",
  single_member_llc: "Single-member LLC",
  llc: "LLC (taxed as a partnership or corporation)",
  c_corporation: "C corporation",
  s_corporation: "S corporation",
  partnership: "Partnership",
  trust_estate: "Trust or estate",
  other: "Other",
});
export type TaxClassificationValue = (typeof TAX_CLASSIFICATIONS)[number]["value"];

/** The W-9's taxpayer identification number: a Social Security number or an Employer Identification Number. */
export const TIN_TYPES = options({ SSN: "Social Security number (SSN)", EIN: "Employer Identification Number (EIN)" });
