/*
 * What the detector finds in the rules drafter's untouched employer-visible pre-fill for each case
 * of tests/support/draft-fixtures.ts (see drafter-cases.ts), by field. Recorded from a run: every
 * pre-fill is clean. A change to the drafter or the detector that finds something here shows as a
 * difference to review, not a silent pass.
 */
export const DRAFTER_FINDINGS: Record<string, { field: string; kind: string; text: string }[]> = {
  "management back pain": [],
  "management low mood": [],
  "management urgent": [],
  "management cancer": [],
  "office worker": [],
  warehouse: [],
  driver: [],
  healthcare: [],
};
