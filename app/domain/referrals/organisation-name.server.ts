import type { Database } from "~/db/client.server.ts";

/**
 * The employer's name as the person being assessed should read it. The organisation table is
 * being added separately; until it is wired in here, every caller gets the neutral wording, which
 * reads correctly in every sentence that uses it ("your employer has asked …").
 */
export async function organisationDisplayName(
  _db: Database,
  _organisationId: string,
): Promise<string> {
  return "your employer";
}
