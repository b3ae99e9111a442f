/** The 50 US states by full name; no territories and no DC (docs/product.md, "The saved application"). */
export const US_STATES = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
] as const;

export type UsState = (typeof US_STATES)[number];

/** Whether a string is one of the 50 state names, exactly. */
export function isUsState(value: string): value is UsState {
  return (US_STATES as readonly string[]).includes(value);
}

/** Each state's two-letter USPS code, in the order of US_STATES. */
const USPS_CODES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
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

/** The state a two-letter code or a full name stands for (any case), if it is one of the 50. */
export function stateNamed(text: string): UsState | undefined {
  const wanted = text.trim().toLowerCase();
  const index = USPS_CODES.findIndex((code) => code.toLowerCase() === wanted);
  return index >= 0 ? US_STATES[index] : US_STATES.find((name) => name.toLowerCase() === wanted);
}

/** The state a two-letter USPS code stands for (any case: "tx" is Texas), if it is one of the 50. */
export function stateOfCode(code: string): UsState | undefined {
  const wanted = code.trim().toUpperCase();
  const index = USPS_CODES.findIndex((candidate) => candidate === wanted);
  return index >= 0 ? US_STATES[index] : undefined;
}

/** A state's two-letter USPS code. */
export function uspsCode(state: UsState): string {
  return USPS_CODES[US_STATES.indexOf(state)] ?? "";
}
