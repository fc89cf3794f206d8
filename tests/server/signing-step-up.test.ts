import { afterAll, beforeAll, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "~tests/support/built-server.ts";
import {
  createDoctorAccountForTest,
  referralInReviewForTest,
} from "~tests/support/consultations.ts";
import { ServerCaller, signInWithTwoFactorEnrolment } from "~tests/support/server-requests.ts";
import { codeFor, PASSWORD, uniqueEmail } from "~tests/support/test-accounts.ts";

/*
 * The doctor's step-up to sign (app/domain/doctor/signing-step-up.server.ts) on the server's
 * clock, moved rather than waited for (docs/architecture.md §5, "The test clock"): an
 * authenticator code counts from its own 30-second step and works once, and a code entered to
 * sign counts for five minutes, which the editor tells the doctor.
 */

const STEP_MS = 30_000;
const FRESH = /You entered a code in the last 5 minutes/;
const NOT_ACCEPTED = "Not signed: the authenticator code was not accepted.";

let server: BuiltServer;
let doctor: ServerCaller;
let secret: string;
let editor: string;

beforeAll(async () => {
  server = await startBuiltServer({ settings: { LOG_LEVEL: "error", JOBS: "off" } });
  const email = uniqueEmail("step-up-doctor");
  const doctorId = await createDoctorAccountForTest(server.runtime, {
    email,
    name: "Dr Step Up",
    password: PASSWORD,
  });
  const { referral } = await referralInReviewForTest(server.runtime.database.db, { doctorId });
  editor = `/doctor-referrals/${referral.id}/report`;
  doctor = new ServerCaller(server);
  secret = await signInWithTwoFactorEnrolment(doctor, "/doctor-login", email, PASSWORD);
});

afterAll(async () => {
  doctor?.close();
  await server?.stop();
});

/**
 * Signs and sends with `code` a report that saves as a draft but is not complete enough to sign:
 * what matters here is only whether the code was taken, which is checked before the report is.
 */
async function signWith(code: string): Promise<string> {
  const answer = await doctor.post(editor, {
    intent: "send",
    fitness: "fit",
    summary: "Able to do the role as it is.",
    stepUpCode: code,
  });
  expect(answer.status).toBe(200);
  return answer.body.toString();
}

it("takes a code once the server's clock reaches its step, once, and for five minutes", async () => {
  // Two steps past the server's: outside the one step of drift either way it allows.
  const serverStep = Math.floor(server.clock.now().getTime() / STEP_MS);
  const ahead = new Date((serverStep + 2) * STEP_MS);
  const code = codeFor(secret, ahead);
  expect(await signWith(code)).toContain(NOT_ACCEPTED);
  expect((await doctor.get(editor)).body.toString()).not.toMatch(FRESH);

  // Once the server's clock is at that step, the same code signs in (the report then refuses
  // for its own reasons, which is not the code's).
  server.clock.advanceTo(ahead);
  expect(await signWith(code)).not.toContain(NOT_ACCEPTED);
  // The editor reads the step-up in the server's time, not the system's, which is now behind it.
  expect((await doctor.get(editor)).body.toString()).toMatch(FRESH);

  // A code works once, however much later it is tried again within its window.
  server.clock.advance(STEP_MS / 2);
  expect(await signWith(code)).toContain(NOT_ACCEPTED);

  // Five minutes after the code the editor asks for another, and signing without one is refused.
  server.clock.advanceTo(new Date(ahead.getTime() + 5 * 60_000 + 1_000));
  expect((await doctor.get(editor)).body.toString()).not.toMatch(FRESH);
  expect(await signWith("")).toContain(
    "Enter the 6-digit code from your authenticator app to sign.",
  );
});
