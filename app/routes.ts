import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the seed, grouped by who uses it. Each group's layout carries its middleware.
export default [
  route("healthz", "routes/resources/healthz.ts"),
  route("webhooks/stripe", "routes/resources/stripe-webhook.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),

  layout("routes/marketing/layout.tsx", [
    index("routes/marketing/home.tsx"),
    route("about", "routes/marketing/about.tsx"),
    route("how-it-works", "routes/marketing/how-it-works.tsx"),
    route("pricing", "routes/marketing/pricing.tsx"),
    route("contact", "routes/marketing/contact.tsx"),
    route("register-interest", "routes/marketing/register-interest.tsx"),
    route("pre-employment-info", "routes/marketing/pre-employment-info.tsx"),
    route("management-referral-info", "routes/marketing/management-referral-info.tsx"),
    route("sme-occupational-health", "routes/marketing/sme-occupational-health.tsx"),
    route("privacy-policy", "routes/marketing/privacy-policy.tsx"),
    route("terms-of-service", "routes/marketing/terms-of-service.tsx"),
    route("consent-confidentiality", "routes/marketing/consent-confidentiality.tsx"),
    route("gdpr-compliance", "routes/marketing/gdpr-compliance.tsx"),
    route("*", "routes/marketing/not-found.tsx"),
  ]),
] satisfies RouteConfig;
