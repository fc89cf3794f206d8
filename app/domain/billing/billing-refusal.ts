/** What a team member without billing rights is told (docs/architecture.md §4). */
export const billingRefusal =
  "Only your organisation's owners and HR administrators can manage billing.";
