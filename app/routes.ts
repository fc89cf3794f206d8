import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the seed, grouped by who uses it. Each group's layout carries its middleware.
export default [
  route("healthz", "routes/resources/healthz.ts"),
  route("webhooks/stripe", "routes/resources/stripe-webhook.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),

  // The public REST API for HR systems (docs/api.md): its document is public, the rest needs a key.
  route("api/v1/openapi.json", "routes/api/openapi-json.ts"),
  layout("routes/api/layout.ts", [
    route("api/v1/referrals", "routes/api/referrals.ts"),
    route("api/v1/referrals/:referralKey", "routes/api/referral.ts"),
    route("api/v1/referrals/:referralKey/cancel", "routes/api/referral-cancel.ts"),
    route("api/v1/referrals/:referralKey/reminders", "routes/api/referral-reminders.ts"),
    route("api/v1/reports/:reportReference", "routes/api/report.ts"),
    route("api/v1/reports/:reportReference/pdf", "routes/api/report-pdf.ts"),
    route("api/v1/credits", "routes/api/credits.ts"),
    route("api/v1/*", "routes/api/not-found.ts"),
  ]),

  route("logout", "routes/auth/logout.ts"),
  route("verify-email", "routes/auth/verify-email.ts"),

  // The person's copy of their released report (a file, so outside the page layout).
  route("assessment/:token/report.pdf", "routes/assessment/report-pdf.ts"),
  route("assessment/:token/documents/:documentId", "routes/assessment/document.ts"),
  // The person being assessed: no account, no app chrome, the link's token is the key.
  layout("routes/assessment/layout.tsx", [
    route("assessment/:token", "routes/assessment/start.tsx"),
    route("assessment/:token/decline", "routes/assessment/decline.tsx"),
    route("assessment/:token/questions/:step", "routes/assessment/step.tsx"),
    route("assessment/:token/review", "routes/assessment/review.tsx"),
    route("assessment/:token/report", "routes/assessment/report.tsx"),
    route("assessment/:token/consultation", "routes/assessment/consultation.tsx"),
    route("assessment/:token/documents", "routes/assessment/documents.tsx"),
  ]),

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
    route("api-reference", "routes/marketing/api-reference.tsx"),
    // Sign-in, registration and the other account pages: public, with the site header, never cached.
    layout("routes/auth/layout.tsx", [
      route("login", "routes/auth/login.tsx"),
      route("register", "routes/auth/register.tsx"),
      route("registration-confirmation", "routes/auth/registration-confirmation.tsx"),
      route("doctor-login", "routes/auth/doctor-login.tsx"),
      route("forgot-password", "routes/auth/forgot-password.tsx"),
      route("reset-password", "routes/auth/reset-password.tsx"),
      route("two-factor", "routes/auth/two-factor.tsx"),
      route("setup", "routes/auth/setup.tsx"),
      // A team invitation's link (docs/architecture.md §4).
      route("join/:token", "routes/auth/join.tsx"),
    ]),
    route("pre-employment-demo", "routes/marketing/pre-employment-demo.tsx"),
    route("*", "routes/marketing/not-found.tsx"),
  ]),

  // Employers (signed in, role employer, member of an organisation).
  layout("routes/employer/layout.tsx", [
    route("employer-dashboard", "routes/employer/dashboard.tsx"),
    route("employer-organisation", "routes/employer/organisation.ts"),
    route("employer-referrals", "routes/employer/referrals.tsx"),
    // A referral's own page, which the drawer enhances (works without JavaScript).
    route("employer-referrals/:referralId", "routes/employer/referral.tsx"),
    route("employer-referrals/:referralId/remind", "routes/employer/referral-remind.ts"),
    route("employer-referrals/:referralId/cancel", "routes/employer/referral-cancel.ts"),
    route("employer-referrals/:referralId/reinvite", "routes/employer/referral-reinvite.ts"),
    route("employer-referrals/:referralId/close", "routes/employer/referral-close.ts"),
    route("employer-referrals/:referralId/pay", "routes/employer/referral-pay.ts"),
    route("employer-referrals/:referralId/people", "routes/employer/referral-people.ts"),
    // The case's documents: the list and the upload form, and each file as a download.
    route("employer-referrals/:referralId/documents", "routes/employer/referral-documents.tsx"),
    route("employer-people/:referralId/history", "routes/employer/person-history.tsx"),
    route(
      "employer-referrals/:referralId/documents/:documentId",
      "routes/employer/referral-document.ts",
    ),
    route("pre-employment-referral", "routes/employer/pre-employment-referral.tsx"),
    route("review-referral", "routes/employer/review-referral.tsx"),
    route("employer-referral", "routes/employer/management-referral.tsx", {
      id: "management-referral-new",
    }),
    route("employer-referral/:referralId", "routes/employer/management-referral.tsx", {
      id: "management-referral-edit",
    }),
    route("referrals", "routes/employer/alias.ts", { id: "employer-alias-referrals" }),
    route("subscriptions", "routes/employer/alias.ts", { id: "employer-alias-subscriptions" }),
    route("reports", "routes/employer/alias.ts", { id: "employer-alias-reports" }),
    route("package-selection", "routes/employer/package-selection.tsx"),
    route("payment", "routes/employer/payment.tsx"),
    route("billing-address", "routes/employer/billing-address.tsx"),
    route("employer-subscription", "routes/employer/subscription.tsx"),
    route("invoices/:file", "routes/employer/invoice-pdf.ts"),
    route("credit-notes/:file", "routes/employer/credit-note-pdf.ts"),
    route("employer-team", "routes/employer/team.tsx"),
    route("employer-integrations", "routes/employer/integrations.tsx"),
    route("employer-reports", "routes/employer/reports.tsx"),
    route("employer-reports/:file", "routes/employer/report-pdf.ts"),
    route("employer-report/:reference", "routes/employer/report.tsx"),
    // Management information: charts of counts, never a name (docs/architecture.md).
    route("employer-insight", "routes/employer/insight.tsx"),
    route("employer-insight.csv", "routes/employer/insight-csv.ts"),
  ]),

  // Doctors (role doctor, access granted, second factor verified).
  layout("routes/doctor/layout.tsx", [
    route("doctor-dashboard", "routes/doctor/dashboard.tsx"),
    // The case's own page, which the dashboard's sheet enhances (works without JavaScript).
    route("doctor/cases/:referralId", "routes/doctor/case.tsx"),
    route("doctor-referrals/:referralId/report", "routes/doctor/report-editor.tsx"),
    route("doctor-referrals/:referralId/versions", "routes/doctor/report-versions.tsx"),
    route("doctor-referrals/:referralId/versions/:file", "routes/doctor/report-version-pdf.ts"),
    route("doctor/availability", "routes/doctor/availability.tsx"),
    route("doctor/cases/:referralId/consultation", "routes/doctor/case-consultation.tsx"),
    route("doctor/cases/:referralId/documents", "routes/doctor/case-documents.tsx"),
    route("doctor/cases/:referralId/documents/:documentId", "routes/doctor/case-document.ts"),
  ]),

  // The video room: the assigned doctor (session) or the subject (their link); no site chrome.
  route("consultation/:consultationId", "routes/consultation/room.tsx"),

  // Administrators (second factor verified).
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.tsx"),
    route("admin/doctors", "routes/admin/doctors.tsx"),
    route("admin/organisations", "routes/admin/organisations.tsx"),
    route("admin/organisations/:organisationId", "routes/admin/organisation.tsx"),
    route("admin/cases", "routes/admin/cases.tsx"),
    route("admin/cases/:referralId", "routes/admin/case.tsx"),
    route("admin/inbox", "routes/admin/inbox.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/audit.csv", "routes/admin/audit-csv.ts"),
    route("admin/insight", "routes/admin/insight.tsx"),
    route("admin/insight.csv", "routes/admin/insight-csv.ts"),
    route("admin/insight/audit-sample", "routes/admin/insight-audit-sample.ts"),
    route("admin/access-review", "routes/admin/access-review.tsx"),
    route("admin/subject-access", "routes/admin/subject-access.tsx"),
    route("admin/subject-access/export", "routes/admin/subject-access-export.ts"),
  ]),

  // Any signed-in user: their own account, and two-factor enrolment.
  layout("routes/account/layout.tsx", [
    route("account", "routes/account/index.tsx"),
    route("account/two-factor", "routes/account/two-factor.tsx"),
  ]),
] satisfies RouteConfig;
