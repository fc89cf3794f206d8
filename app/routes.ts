import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the seed, grouped by who uses it. Each group's layout carries its middleware.
export default [
  route("healthz", "routes/resources/healthz.ts"),
  route("webhooks/stripe", "routes/resources/stripe-webhook.ts"),

  // The person being assessed: no account, no app chrome, the link's token is the key.
  layout("routes/assessment/layout.tsx", [
    route("assessment/:token", "routes/assessment/start.tsx"),
    route("assessment/:token/decline", "routes/assessment/decline.tsx"),
    route("assessment/:token/questions/:step", "routes/assessment/step.tsx"),
    route("assessment/:token/review", "routes/assessment/review.tsx"),
  ]),

  layout("routes/marketing/layout.tsx", [
    index("routes/marketing/home.tsx"),
    route("pre-employment-demo", "routes/marketing/pre-employment-demo.tsx"),
    route("*", "routes/marketing/not-found.tsx"),
  ]),
] satisfies RouteConfig;
