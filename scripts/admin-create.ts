import { parseArgs } from "node:util";
import { createAdminWithSetPasswordLink } from "~/domain/accounts/admin-setup.server.ts";
import { authAccountRules } from "~/domain/accounts/auth-rules.server.ts";
import { createAuth } from "~/services/auth/auth.server.ts";
import { resolveAuthSecret } from "~/services/auth/secret.server.ts";
import { createLogger } from "~/services/logger.server.ts";
import { createMailer } from "~/services/mail/mailer.server.ts";
import { openConfiguredDatabase } from "./lib/open-configured-database.ts";

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

const { config, database } = await openConfiguredDatabase();
try {
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
    rules: authAccountRules,
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
