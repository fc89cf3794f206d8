import { parseArgs } from "node:util";
import { provisionDatabaseRoles } from "~/db/database-roles.server.ts";

// `npm run db:roles -- --admin-url postgres://postgres@host:5432/referoh`: creates the owner and
// app roles for that database (docs/decisions/0010-hardening-at-the-edge.md) and prints the two connection strings.
const { values } = parseArgs({
  options: {
    "admin-url": { type: "string" },
    owner: { type: "string", default: "referoh_owner" },
    app: { type: "string", default: "referoh_app" },
  },
});
const adminUrl = values["admin-url"];
if (!adminUrl) {
  console.error(
    "Usage: npm run db:roles -- --admin-url postgres://superuser@host:5432/database [--owner referoh_owner] [--app referoh_app]\n" +
      "Passwords come from DB_OWNER_PASSWORD and DB_APP_PASSWORD when set.",
  );
  process.exit(1);
}
const database = decodeURIComponent(new URL(adminUrl).pathname.slice(1));
const roles = { owner: values.owner!, app: values.app! };
await provisionDatabaseRoles(adminUrl, {
  database,
  roles,
  ownerPassword: process.env.DB_OWNER_PASSWORD,
  appPassword: process.env.DB_APP_PASSWORD,
});
const as = (role: string, password: string | undefined) => {
  const url = new URL(adminUrl);
  url.username = role;
  url.password = password ? "…" : "";
  return url.toString();
};
console.log(`Roles ready on ${database}. Run the server with:
  DATABASE_MIGRATION_URL=${as(roles.owner, process.env.DB_OWNER_PASSWORD)}
  DATABASE_URL=${as(roles.app, process.env.DB_APP_PASSWORD)}`);
