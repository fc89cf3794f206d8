import { parseArgs } from "node:util";
import { loadConfig } from "~/config.server.ts";
import { databaseLocationFromConfig, migrateDatabase, openDatabase } from "~/db/client.server.ts";
import { createAdminWithSetPasswordLink } from "~/domain/accounts/admin-setup.server.ts";
import { createAuth } from "~/services/auth/auth.server.ts";
import { resolveAuthSecret } from "~/services/auth/secret.server.ts";
import { createLogger } from "~/services/logger.server.ts";
import { createMailer } from "~/services/mail/mailer.server.ts";

// `npm run admin:create -- --email someone@example.org --name "Full Name"`: a new administrator and
// a one-time link (24 hours) to set their password. Two-factor is set up at their first sign-in.
const { values } = parseArgs({
  options: { email: { type: "string" }, name: { type: "string" } },
  strict: true,
});
if (!values.email || !values.name) {
  console.error('Usage: npm run admin:create -- --email someone@example.org --name "Full Name"');
  process.exit(2);
}

const config = loadConfig();
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(databaseLocationFromConfig(config));
} catch (error) {
  if ((error as { code?: string }).code === "DATA_DIR_LOCKED") {
    console.error(
      `The embedded database in ${config.dataDir} is in use by a running server. Stop the server first ` +
        "(Ctrl-C), run this command, then start it again. (On PostgreSQL, with DATABASE_URL, it works at any time.)",
    );
    process.exit(1);
  }
  throw error;
}
try {
  await migrateDatabase(database);
  const logger = createLogger("warn");
  const auth = createAuth({
    config,
    db: database.db,
    secret: resolveAuthSecret(config),
    mailer: createMailer({
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      logger,
      smtpUrl: config.SMTP_URL,
    }),
    logger,
  });
  const result = await createAdminWithSetPasswordLink(
    { auth, database, config },
    { email: values.email, name: values.name },
  );
  if (result.status === "email-taken") {
    console.error(
      `An account with the address ${values.email} already exists; nothing was changed.`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `Administrator ${values.email} created. Send them this one-time link to set their password (valid 24 hours):`,
    );
    console.log(`  ${result.link}`);
    console.log("They will set up two-factor authentication when they first sign in.");
  }
} finally {
  await database.close();
}
