import { defineConfig } from "drizzle-kit";

// Only generates SQL from the schema; it never connects to the server's data directory.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./drizzle",
});
