import { createInvitedReferral } from "../support/assessment-link.ts";
import { openReportEditor } from "../support/doctor-case.ts";
import { sendGuidedAssessment } from "../support/guided-assessment.ts";
import { readOutbox, waitForMessage } from "../support/outbox.ts";
import { expect, test } from "../support/test.ts";

/*
 * The employer–doctor thread (docs/architecture.md §4, "The case conversation"), as HR and the
 * doctor use it: HR asks about the job from the referral's page; the doctor reads it on the case
 * and answers; a reply naming the condition the person has not agreed to share is refused with
 * what was typed kept; the e-mails on both sides carry no message text; and the person's thread
 * never reaches the employer's page or its data.
 */

const guidedAnswers: Record<string, string | string[]> = {
  "reason.agree": "Yes",
  "condition.categories": ["Stress, low mood, anxiety or another mental health condition"],
  "condition.description": "Low mood and worry most mornings.",
  "condition.duration": "3 to 12 months",
  "condition.diagnosis-status": "Yes",
  "condition.diagnosis": "Depression and anxiety",
  "condition.trend": "Getting better",
  "condition.long-term": "I am not sure",
  "treatment.current": ["Seeing my GP"],
  "function.daily": "A little: minor things only",
  "work.status": "Yes, my normal duties and hours",
  "work.absence-days": "4",
  "work.difficult-tasks": "Early calls are hard after a bad night.",
  "work.contributing": "No",
  "support.adjustments": ["Flexible start and finish times"],
  "support.existing": "No",
  "return.expectation": "I am doing it now",
  "process.meetings": "Yes",
  "mental-health.affected": "No",
  "closing.consultation": "No",
};

const QUESTION = "Robin's role includes early telephone shifts from 7am. Can those continue?";
const KEPT_BACK = "Her depression makes early starts hard, so move her to the late rota.";
const FUNCTIONAL =
  "Early starts are hard for now. A start no earlier than 10am for eight weeks would help.";

test("HR asks the doctor about the job, the doctor answers, and a reply naming a kept-back condition is refused", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(300_000);
  const employer = await signedIn.employer();
  const { link, reference } = await createInvitedReferral(page, {
    type: "management",
    employer: { page, email: employer.email },
  });
  // HR writes before any doctor has the case: it waits on the case for whoever takes it.
  await page.goto(`/employer-referrals/${reference}`);
  const thread = page.getByTestId("employer-thread");
  await expect(thread.getByRole("heading", { name: "Messages with the doctor" })).toBeVisible();
  await expect(thread).toContainText("No messages yet.");
  // An empty message is refused in the form, and nothing is sent.
  await thread.getByRole("button", { name: "Send to the doctor" }).click();
  await expect(thread.getByText("Write your message.").first()).toBeVisible();
  await thread.getByLabel("Your message to the doctor").fill(QUESTION);
  await thread.getByRole("button", { name: "Send to the doctor" }).click();
  await expect(page).toHaveURL(/sent=message/);
  await expect(thread.getByRole("status")).toContainText(
    "The doctor who takes the case will read it first.",
  );
  await expect(thread.getByTestId("thread-message")).toHaveCount(1);
  await expect(thread.getByTestId("thread-message")).toContainText(QUESTION);
  await expect(thread.getByTestId("thread-message")).toContainText("Not read yet");
  await expect(thread.getByLabel("Your message to the doctor")).toHaveValue("");

  const subject = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  await sendGuidedAssessment(await subject.newPage(), link, guidedAnswers);
  await subject.close();

  const doc = await signedIn.doctor();
  const doctor = doc.page;
  await openReportEditor(doctor, reference);
  const referralId = /\/doctor-referrals\/([^/]+)\/report/.exec(doctor.url())![1]!;
  await doctor.goto(`/doctor/cases/${referralId}`);
  const doctorThread = doctor.getByTestId("employer-thread");
  await expect(
    doctorThread.getByRole("heading", { name: "Messages with the employer" }),
  ).toBeVisible();
  await expect(doctorThread.getByTestId("thread-message")).toContainText(QUESTION);
  await expect(doctorThread.getByTestId("thread-message")).toContainText("Employer (owner)");

  // The person has agreed to share nothing yet: naming the condition is refused, text kept.
  await doctorThread.getByLabel("Your message to the employer").fill(KEPT_BACK);
  await doctorThread.getByRole("button", { name: "Send to the employer" }).click();
  const refusals = doctorThread.getByTestId("message-refusals");
  await expect(refusals).toBeVisible();
  await expect(refusals).toContainText("depression");
  await expect(refusals).toContainText("has not agreed to share");
  await expect(doctorThread.getByLabel("Your message to the employer")).toHaveValue(KEPT_BACK);
  await expect(doctorThread.getByTestId("thread-message")).toHaveCount(1);

  await doctorThread.getByLabel("Your message to the employer").fill(FUNCTIONAL);
  await doctorThread.getByRole("button", { name: "Send to the employer" }).click();
  await expect(doctor).toHaveURL(/sent=message/);
  await expect(doctorThread.getByTestId("thread-message")).toHaveCount(2);
  await expect(doctorThread.getByTestId("thread-message").nth(1)).toContainText(FUNCTIONAL);

  // The employer is told a reply is waiting, with none of its words; then reads it, and sees
  // that the doctor read the question.
  const notice = await waitForMessage(
    employer.email,
    `The doctor has replied on referral ${reference}`,
  );
  expect(JSON.stringify(notice)).not.toContain("10am");
  for (const m of readOutbox()) expect(JSON.stringify(m)).not.toContain("early telephone shifts");
  await page.goto(`/employer-referrals/${reference}#messages`);
  const messages = thread.getByTestId("thread-message");
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toContainText("Read by the doctor on");
  await expect(messages.nth(1)).toContainText(FUNCTIONAL);
  await expect(messages.nth(1)).toContainText("Occupational health doctor");

  // The page's data holds the thread and nothing of the refused reply.
  const dataResponse = await page.request.get(`/employer-referrals/${reference}.data`);
  const raw = await dataResponse.text();
  expect(raw).toContain("10am");
  expect(raw).not.toMatch(/depression/i);
});
