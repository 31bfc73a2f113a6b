import { options, type Option } from "./options";

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

/** The four Census Bureau regions (a sample plan may cross them). */
export const CENSUS_REGIONS = options({ northeast: "Northeast", midwest: "Midwest", south: "South", west: "West" });
export type CensusRegion = (typeof CENSUS_REGIONS)[number]["value"];

/** The states (with DC) in each Census Bureau region. */
export const STATES_BY_CENSUS_REGION: Record<CensusRegion, readonly UsState[]> = {
  northeast: ["CT", "ME", "MA", "NH", "RI", "VT", "NJ", "NY", "PA"],
  midwest: ["IL", "IN", "MI", "OH", "WI", "IA", "KS", "MN", "MO", "NE", "ND", "SD"],
  south: ["DE", "DC", "FL", "GA", "MD", "NC", "SC", "VA", "WV", "AL", "KY", "MS", "TN", "AR", "LA", "OK", "TX"],
  west: ["AZ", "CO", "ID", "MT", "NV", "NM", "UT", "WY", "AK", "CA", "HI", "OR", "WA"],
};

/** The Census region a state code (any case) lies in, or null for an unknown one. */
export function censusRegionOf(state: string | null | undefined): CensusRegion | null {
  if (!state) return null;
  const code = state.toUpperCase();
  return (Object.keys(STATES_BY_CENSUS_REGION) as CensusRegion[]).find((r) => STATES_BY_CENSUS_REGION[r].some((s) => s === code)) ?? null;
}

/** The directory's state filter (shown by name). */
export const DIRECTORY_FILTER_STATES: readonly UsState[] = ["CA", "TX", "NY", "FL", "IL"];
/** The client search variant's state filter (shown by code). */
export const CLIENT_FILTER_STATES: readonly UsState[] = ["CA", "TX", "FL", "NY", "PA"];
