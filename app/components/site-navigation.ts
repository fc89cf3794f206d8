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
    { to: "/employer-insight", label: "Insight" },
    { to: "/employer-subscription", label: "Subscription" },
  ],
  doctor: [
    { to: "/doctor-dashboard", label: "Dashboard" },
    { to: "/doctor/availability", label: "Availability" },
  ],
  // The console's sections. From the md breakpoint up they are the console's own tab bar
  // (components/admin/admin-nav.tsx) and the header lists none of them; below it, the tab bar
  // gives way to the header's menu. Either way the page has one navigation.
  admin: [
    { to: "/admin", label: "Overview" },
    { to: "/admin/doctors", label: "Doctors" },
    { to: "/admin/organisations", label: "Organisations" },
    { to: "/admin/cases", label: "Cases" },
    { to: "/admin/inbox", label: "Inbox" },
    { to: "/admin/insight", label: "Insight" },
    { to: "/admin/audit", label: "Audit log" },
    { to: "/admin/access-review", label: "Access review" },
    { to: "/admin/subject-access", label: "Subject access" },
  ],
} as const;

/** Employer pages for managing billing: not offered to a team role without `billing:manage`. */
export const billingPages: ReadonlySet<string> = new Set(["/employer-subscription"]);

/** Roles whose area draws its own section navigation in the page at md and wider. */
export const areasWithPageNavigation: ReadonlySet<keyof typeof areaNavItems> = new Set(["admin"]);

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
