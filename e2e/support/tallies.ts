/**
 * What each access-matrix row and each fuzz target attaches to its test result, so the summary
 * reporter (summary-reporter.ts) adds up the totals across both workers.
 */
export const AUTHZ_ATTACHMENT = "authz-matrix-tally";
export const FUZZ_ATTACHMENT = "fuzz-tally";

export type MatrixTally = {
  row: string;
  identities: number;
  checked: number;
  failed: number;
  /** "<row> × <identity>: <why>" for each cell the table skips. */
  skipped: string[];
  /** Action refusals answered by the proxy before the action ran, and by Next's origin check. */
  proxy: number;
  framework: number;
};

export type FuzzTally = {
  target: string;
  seed: number;
  sent: number;
  rejected: number;
  accepted: number;
  fiveXX: number;
  problems: number;
  ms: number;
};
