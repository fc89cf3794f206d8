import { it } from "vitest";
import { signInWithTwoFactorEnrolment } from "~tests/support/server-requests.ts";
import { createAccountOn, PASSWORD, uniqueEmail } from "~tests/support/test-accounts.ts";
import { fuzzServerForFile, walkAs, walkTimeout } from "./fuzz.ts";

const server = fuzzServerForFile();

it(
  "route fuzz: no input makes the server fail, as an administrator",
  async () => {
    const email = uniqueEmail("fuzz-admin");
    await createAccountOn(server().runtime, "admin", email, "Morgan Admin");
    await walkAs(server(), "admin", {
      signIn: (admin) => signInWithTwoFactorEnrolment(admin, "/login", email, PASSWORD),
    });
  },
  walkTimeout,
);
