/** The longest private clinical note a case keeps (shared by the editor's field and the server). */
export const CLINICAL_NOTES_MAX = 20_000;
