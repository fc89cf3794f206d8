import { ensureBuild } from "./lib/build.ts";

// `npm start`: the whole product on this machine. Build if the sources changed, then serve the
// production build (migrations run at start-up). Deployments run `node server/main.ts` instead,
// where nothing below applies and the demo payment provider is refused unless configured.
process.env.NODE_ENV ??= "production";
if (!process.env.PAYMENT_PROVIDER && process.env.ALLOW_DEMO_PAYMENTS === undefined) {
  process.env.ALLOW_DEMO_PAYMENTS = "true";
  console.log(
    "Payments: demo provider (orders and invoices are real; no card is charged). Set PAYMENT_PROVIDER=stripe for real payments.",
  );
}
await ensureBuild();
await import("../server/main.ts");
