/**
 * The shapes of the identifiers the app hands out. Anything else in a URL or a form is not one of
 * ours, so it is answered "not found" before it reaches a query: PostgreSQL refuses a malformed
 * value for a `uuid` column with an error, which would otherwise surface as a 500.
 */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids kept in `text` columns (accounts, organisations): generated tokens, never free text. */
const opaquePattern = /^[A-Za-z0-9_-]{1,64}$/;
/** Public references: management referrals (REF- and six or more digits), pre-employment
 * referrals (OCC- and five capitals or digits) and reports (REP- and four to twelve). */
const referencePattern = /^(REF-\d{6,12}|OCC-[A-Z0-9]{5}|REP-[A-Z0-9]{4,12})$/;

export const isUuid = (value: string) => uuidPattern.test(value);
export const isOpaqueId = (value: string) => opaquePattern.test(value);
export const isPublicReference = (value: string) => referencePattern.test(value);
