import type { Option } from "./options";

const CODES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;
export type UsState = (typeof CODES)[number];

// The names, in the codes' order.
const NAMES =
  "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|District of Columbia|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|" +
  "Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|" +
  "North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|" +
  "West Virginia|Wisconsin|Wyoming";

/** The states (and DC) an expert may live in: the code is stored, the name shown. */
export const US_STATES: readonly Option<UsState>[] = NAMES.split("|").map((label, i) => ({ value: CODES[i], label }));

/** The directory's state filter (shown by name). */
export const DIRECTORY_FILTER_STATES: readonly UsState[] = ["CA", "TX", "NY", "FL", "IL"];
/** The client search variant's state filter (shown by code). */
export const CLIENT_FILTER_STATES: readonly UsState[] = ["CA", "TX", "FL", "NY", "PA"];
