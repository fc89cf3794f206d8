/** Every public route this area builds, with the h1 a visitor sees first. */
export const publicRoutes = [
  { path: "/", heading: "Clinician-led occupational health for UK employers" },
  {
    path: "/about",
    heading: "Occupational health that small and medium employers can actually use",
  },
  { path: "/contact", heading: "Get in touch" },
  { path: "/pricing", heading: "Clear prices, and honest sums" },
  { path: "/register-interest", heading: "Find out how ReferOH could work for you" },
  { path: "/pre-employment-info", heading: "Start new employees on the right footing" },
  { path: "/management-referral-info", heading: "Independent advice when health affects work" },
  { path: "/sme-occupational-health", heading: "Expert UK Occupational Health Services" },
  { path: "/how-it-works", heading: "Three steps from request to report" },
  { path: "/privacy-policy", heading: "Privacy Policy" },
  { path: "/terms-of-service", heading: "Terms of Service" },
  { path: "/consent-confidentiality", heading: "Consent & Confidentiality" },
  { path: "/gdpr-compliance", heading: "GDPR Compliance" },
] as const;

/**
 * Pages built by other issues that public pages link to. Until those land they answer 404 here;
 * the link checks skip exactly these and nothing else.
 */
export const builtElsewhere = new Set([
  "/login", // accounts issue
  "/register", // accounts issue
  "/doctor-login", // accounts issue (doctor sign-in)
  "/package-selection", // billing issue
]);
