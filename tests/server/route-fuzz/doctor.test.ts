import { it } from "vitest";
import { createDoctorAccountForTest } from "~tests/support/consultations.ts";
import { signInWithTwoFactorEnrolment } from "~tests/support/server-requests.ts";
import { PASSWORD, uniqueEmail } from "~tests/support/test-accounts.ts";
import { fuzzServerForFile, walkAs, walkTimeout } from "./fuzz.ts";

const server = fuzzServerForFile();

it(
  "route fuzz: no input makes the server fail, as a doctor",
  async () => {
    const { runtime } = server();
    const email = uniqueEmail("fuzz-doctor");
    await createDoctorAccountForTest(runtime, {
      email,
      name: "Dr Fuzz Tester",
      password: PASSWORD,
    });
    await walkAs(server(), "doctor", {
      signIn: (doctor) => signInWithTwoFactorEnrolment(doctor, "/doctor-login", email, PASSWORD),
    });
  },
  walkTimeout,
);
