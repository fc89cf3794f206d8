import { it } from "vitest";
import { ServerCaller, signInWithTwoFactorEnrolment } from "~tests/support/server-requests.ts";
import { createAccountOn, PASSWORD, uniqueEmail } from "~tests/support/test-accounts.ts";
import { fuzz, fuzzServerForFile, report, walkTimeout } from "./fuzz.ts";

const server = fuzzServerForFile();

it(
  "route fuzz: no input makes the server fail, as an administrator",
  async () => {
    const email = uniqueEmail("fuzz-admin");
    await createAccountOn(server().runtime, "admin", email, "Morgan Admin");
    const admin = new ServerCaller(server());
    try {
      await signInWithTwoFactorEnrolment(admin, "/login", email, PASSWORD);
      report("admin", await fuzz(admin, "admin"));
    } finally {
      admin.close();
    }
  },
  walkTimeout,
);
