/**
 * The public pages this site serves itself: the sitemap lists them, and those that read no
 * request data are pre-rendered at build time (react-router.config.ts). Pages that other areas
 * build (/login, /register, /doctor-login, /pre-employment-demo) add themselves when they land.
 */
interface PublicPage {
  path: string;
  /** Pre-rendered at build time; false for pages whose response depends on the request. */
  prerender: boolean;
  priority: number;
}

export const publicPages: readonly PublicPage[] = [
  { path: "/", prerender: true, priority: 1 },
  { path: "/about", prerender: true, priority: 0.7 },
  { path: "/how-it-works", prerender: true, priority: 0.8 },
  { path: "/pricing", prerender: true, priority: 0.9 },
  { path: "/contact", prerender: true, priority: 0.7 },
  { path: "/register-interest", prerender: true, priority: 0.5 },
  { path: "/pre-employment-info", prerender: true, priority: 0.8 },
  { path: "/management-referral-info", prerender: true, priority: 0.8 },
  { path: "/sme-occupational-health", prerender: true, priority: 0.8 },
  { path: "/privacy-policy", prerender: true, priority: 0.3 },
  { path: "/terms-of-service", prerender: true, priority: 0.3 },
  { path: "/consent-confidentiality", prerender: true, priority: 0.3 },
  { path: "/gdpr-compliance", prerender: true, priority: 0.3 },
  // Its base address is this server's PUBLIC_URL, read per request.
  { path: "/api-reference", prerender: false, priority: 0.4 },
];
