/**
 * How large a case's documents may be (docs/architecture.md §3, "Case documents"): a scan, a
 * photographed fit note or a long specialist letter fits in 10 MB; the case's total keeps one
 * case's sealed bytes within what a database row and a subject-access export can carry.
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_CASE_DOCUMENTS_BYTES = 50 * 1024 * 1024;
