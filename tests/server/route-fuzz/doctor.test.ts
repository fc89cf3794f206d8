import { it } from "vitest";
import { createDoctorAccountForTest } from "~tests/support/consultations.ts";
import { ServerCaller, signInWithTwoFactorEnrolment } from "~tests/support/server-requests.ts";
import { PASSWORD, uniqueEmail } from "~tests/support/test-accounts.ts";
import { fuzz, fuzzServerForFile, report, walkTimeout } from "./fuzz.ts";

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
    const doctor = new ServerCaller(server());
    try {
      await signInWithTwoFactorEnrolment(doctor, "/doctor-login", email, PASSWORD);
      report("doctor", await fuzz(doctor, "doctor"));
    } finally {
      doctor.close();
    }
  },
  walkTimeout,
);
