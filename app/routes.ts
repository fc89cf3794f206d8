import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the seed, grouped by who uses it. Each group's layout carries its middleware.
export default [
  route("healthz", "routes/resources/healthz.ts"),
  route("webhooks/stripe", "routes/resources/stripe-webhook.ts"),

  layout("routes/marketing/layout.tsx", [
    index("routes/marketing/home.tsx"),
    route("*", "routes/marketing/not-found.tsx"),
  ]),
] satisfies RouteConfig;
