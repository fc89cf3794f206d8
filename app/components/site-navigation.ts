/** The seed's public navigation (Header and footer section); tests read these lists too. */
export const publicNavItems = [
  { to: "/about", label: "About" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/pricing", label: "Pricing" },
  { to: "/contact", label: "Contact" },
] as const;

export const footerLinks = [
  { to: "/", label: "Home" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/doctor-login", label: "Doctor Dashboard" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/consent-confidentiality", label: "Consent & Confidentiality" },
  { to: "/gdpr-compliance", label: "GDPR Compliance" },
] as const;

/**
 * The signed-in navigation of each role (seed: employer Dashboard, Referrals, Reports,
 * Subscription; doctor only Dashboard). Referrals, Reports and Subscription pages come with
 * later issues.
 */
export const areaNavItems = {
  employer: [
    { to: "/employer-dashboard", label: "Dashboard" },
    { to: "/employer-referrals", label: "Referrals" },
    { to: "/employer-reports", label: "Reports" },
    { to: "/employer-subscription", label: "Subscription" },
  ],
  doctor: [
    { to: "/doctor-dashboard", label: "Dashboard" },
    { to: "/doctor/availability", label: "Availability" },
  ],
  admin: [
    { to: "/admin", label: "Dashboard" },
    { to: "/admin/doctors", label: "Doctors" },
    { to: "/admin/subject-access", label: "Subject access" },
  ],
} as const;

export const doctorLoginLink = {
  to: "/doctor-login",
  label: "Medical Professional Login",
} as const;

/** The operating company named in the footer. */
export const operator = {
  tradingName: "ReferOH",
  legalName: "ReferOH Ltd",
  jurisdiction: "registered in England and Wales",
} as const;
