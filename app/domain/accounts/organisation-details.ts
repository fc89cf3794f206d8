/** What an employer says about its organisation at registration and on the account page. */
interface OrganisationDetails {
  name: string;
  industry?: string | null;
  phone?: string | null;
  address?: string | null;
}

/**
 * The organisation's details as stored: trimmed, and a blank optional field stored as null, so
 * registration and a later edit keep the same values alike.
 */
export function organisationDetails(input: OrganisationDetails) {
  return {
    name: input.name.trim(),
    industry: input.industry?.trim() || null,
    phone: input.phone?.trim() || null,
    address: input.address?.trim() || null,
  };
}
