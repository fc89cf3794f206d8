import { type Browser, chromium } from "@playwright/test";
import { chromiumPath } from "../../../scripts/ensure-test-tools.ts";
import { readCalendar } from "../../support/calendar.ts";
import {
  bookConsultationForTest,
  bookedCaseForTest,
  createDoctorAccountForTest,
  createDoctorRecordForTest,
  doctorActor,
  referralInReviewForTest,
} from "../../support/consultations.ts";
import { enrolTwoFactor, PASSWORD, uniqueEmail } from "../auth/helpers.ts";
import { type InProcessServer, startInProcessServer } from "../support/in-process-server.ts";
import { readOutbox } from "../support/outbox.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  test,
  withHydratingPages,
} from "../support/test.ts";
import { expectVideoArriving } from "../support/video-room.ts";

/*
 * The room needs a case in review with a booked consultation and a doctor assigned, which the
 * shared test server's database cannot be given from outside (PGlite allows one process). So this
 * spec runs the same production build in its own process, on its own port and data directory,
 * and prepares the case through the domain functions (tests/support/consultations.ts).
 */
// Beside the shared server, as the reflow spec is, so parallel runs on one
// machine (each its own E2E_PORT) do not collide.
const port = Number(process.env.ROOM_E2E_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 145);
const origin = `http://localhost:${port}`;

// One server on one port for the file: its tests run one after another in one worker.
test.describe.configure({ mode: "default" });

let server: InProcessServer;
let runtime: InProcessServer["runtime"];
let media: Browser;

test.beforeAll(async () => {
  server = await startInProcessServer({
    name: "room",
    port,
    settings: { JOBS: "off" },
    signalling: true,
  });
  ({ runtime } = server);
  // Chromium's fake camera (a test pattern) and microphone (a tone), allowed without a prompt.
  media = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  });
});

test.afterAll(async () => {
  await media?.close();
  await server?.stop();
});

test("doctor and subject meet in the video room; anyone else is refused before signalling", async () => {
  // About 30 s on an idle machine. Beside the other worker's journeys in CI it took 90 s, still
  // progressing (the last step was the person leaving), so its budget is twice that.
  test.setTimeout(180_000);
  const db = runtime.database.db;
  const doctorEmail = uniqueEmail("doctor");
  const doctorId = await createDoctorAccountForTest(runtime, {
    email: doctorEmail,
    name: "Dr Amara Okafor",
    password: PASSWORD,
  });
  const {
    referral,
    token,
    consultation: booked,
  } = await bookedCaseForTest(
    { db, adapters: { ...runtime.adapters, publicUrl: origin } },
    { doctorId, clock: server.clock },
  );

  // The doctor signs in with two factors and opens the case's consultation.
  const doctorContext = withHydratingPages(
    await media.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } }),
  );
  const doctor = await doctorContext.newPage();
  await doctor.goto("/doctor-login");
  await doctor.getByLabel("Email").fill(doctorEmail);
  await doctor.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await doctor.getByRole("button", { name: "Access Portal" }).click();
  await enrolTwoFactor(doctor);
  await doctor.goto(`/doctor/cases/${referral.id}/consultation`);
  await expect(doctor.getByTestId("consultation-status")).toHaveText("Booked");
  await doctor.getByRole("link", { name: "Join the video room" }).click();
  await expect(doctor).toHaveURL(`${origin}/consultation/${booked.id}`);
  await expect(doctor.getByTestId("room-status")).toHaveText(/Waiting for Jo Bloggs/);

  // The subject comes through their link: the token moves into a cookie and leaves the address.
  const subjectContext = withHydratingPages(
    await media.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } }),
  );
  const subject = await subjectContext.newPage();
  await subject.goto(`/assessment/${token}/consultation`);
  await expect(subject.getByTestId("consultation-state")).toContainText("Booked for");
  await subject.getByRole("link", { name: "Join the video consultation" }).click();
  await expect(subject).toHaveURL(`${origin}/consultation/${booked.id}`);

  for (const page of [doctor, subject]) {
    await expect(page.getByTestId("video-room")).toHaveAttribute("data-connection", "connected", {
      timeout: 20_000,
    });
    await expectVideoArriving(page);
  }
  await expect(doctor.getByTestId("room-status")).toHaveText("Connected · receiving video");
  await doctor.screenshot({ path: test.info().outputPath("doctor-in-call.png") });
  await subject.screenshot({ path: test.info().outputPath("subject-in-call.png") });
  await expectNoSeriousA11yViolations(subject);

  // Mute and camera off are the sender's own switches.
  await subject.getByRole("button", { name: "Mute" }).click();
  await expect(subject.getByRole("button", { name: "Unmute" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await subject.getByRole("button", { name: "Turn camera off" }).click();
  await expect(subject.getByText("(you) · camera off")).toBeVisible();

  // A third browser with neither a session nor a link: the page and the WebSocket are refused.
  const strangerContext = withHydratingPages(await media.newContext({ baseURL: origin }));
  const stranger = await strangerContext.newPage();
  const response = await stranger.goto(`/consultation/${booked.id}`);
  expect(response?.status()).toBe(403);
  await expect(stranger.getByTestId("room-refused")).toContainText(
    "You cannot join this consultation",
  );
  expect(
    (await stranger.goto(`/consultation/${booked.id}?token=${"x".repeat(43)}`))?.status(),
  ).toBe(403);
  const socket = await stranger.evaluate(
    (signalPath) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://${location.host}${signalPath}`);
        ws.onopen = () => resolve("open");
        ws.onmessage = () => resolve("message");
        ws.onclose = (event) => resolve(`closed ${event.code}`);
      }),
    `/consultation/${booked.id}/signal`,
  );
  expect(socket).toBe("closed 1006");
  // The call was not disturbed.
  await expectVideoArriving(doctor);

  // The subject leaves; the doctor is told and waits.
  await subject.getByRole("button", { name: "Leave" }).click();
  await expect(subject.getByTestId("room-status")).toHaveText("You have left the consultation.");
  await expect(doctor.getByTestId("room-status")).toHaveText(/Waiting for Jo Bloggs/);

  await Promise.all([doctorContext.close(), subjectContext.close(), strangerContext.close()]);
});

test("the person's calendar invitation opens the room in a fresh browser, and gives the time before it opens", async () => {
  test.setTimeout(90_000);
  const db = runtime.database.db;
  const deps = { db, adapters: { ...runtime.adapters, publicUrl: origin } };
  /** The calendar file of this consultation's booking sent to the person, read by ical.js. */
  const calendarLink = async (subjectEmail: string, consultationId: string) => {
    const uid = `${consultationId}@referoh`;
    const find = () =>
      readOutbox(server.dataDir)
        .filter((m) => m.to.includes(subjectEmail) && m.subject.includes("consultation booked"))
        .flatMap((m) => m.calendars.map(readCalendar))
        .find((ics) => ics.uid === uid);
    await expect.poll(find, { timeout: 10_000 }).toBeDefined();
    const ics = find()!;
    expect(ics).toMatchObject({ method: "REQUEST", minutes: 30 });
    expect(ics.url).toMatch(new RegExp(`^${origin}/consultation/${consultationId}\\?token=`));
    return ics.url!;
  };

  // Inside the opening window: the link alone, in a browser with no cookie, joins the room.
  const doctor = await createDoctorRecordForTest(db, "Dr Nia Mensah");
  const soon = await bookedCaseForTest(deps, { doctorId: doctor.id, clock: server.clock });
  const link = await calendarLink(soon.referral.subjectEmail, soon.consultation.id);
  const fresh = withHydratingPages(await media.newContext({ baseURL: origin }));
  const page = await fresh.newPage();
  expect((await page.goto(link))?.status()).toBe(200);
  await expect(page).toHaveURL(`${origin}/consultation/${soon.consultation.id}`);
  await expect(page.getByTestId("room-status")).toHaveText(/Waiting for Dr Nia Mensah/);
  await fresh.close();

  // Hours ahead, the same kind of link gives the time refusal, and works again later.
  const later = await createDoctorRecordForTest(db, "Dr Leo Brandt");
  const inReview = await referralInReviewForTest(db, { doctorId: later.id });
  const booked = await bookConsultationForTest(deps, {
    doctor: doctorActor(later.id),
    referralId: inReview.referral.id,
    startsAfter: new Date(Date.now() + 3 * 3_600_000),
  });
  const early = await calendarLink(inReview.referral.subjectEmail, booked.id);
  const earlyContext = withHydratingPages(await media.newContext({ baseURL: origin }));
  const earlyPage = await earlyContext.newPage();
  expect((await earlyPage.goto(early))?.status()).toBe(403);
  await expect(earlyPage.getByTestId("room-refused")).toContainText("The room is not open yet");
  await earlyContext.close();
});
