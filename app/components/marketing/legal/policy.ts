/**
 * The facts our legal pages state, in one place so the four pages never disagree. Changing any
 * of these is a policy change: update `policyLastUpdated` with it.
 */
export const policyLastUpdated = { iso: "2026-11-22", display: "22 November 2026" } as const;

export const retention = {
  preEmployment: "12 months after the outcome is issued",
  managementReferral: "6 years after the referral is completed",
  abandonedInvitation: "90 days after the invitation was sent",
  enquiries: "24 months after our last exchange with you",
  accountsAndInvoices:
    "while your account is open, and invoices for 6 years after the end of the financial year they belong to (HMRC rules)",
  auditRecords: "as long as the case record they describe",
} as const;

export const breachNotificationHours = 72;
