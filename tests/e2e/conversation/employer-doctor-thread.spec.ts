import { jpegBytes, minimalPdf, pdfStream } from "../../support/documents.ts";
import { createInvitedReferral } from "../support/assessment-link.ts";
import { openReportEditor } from "../support/doctor-case.ts";
import { lowMoodAnswers, sendGuidedAssessment } from "../support/guided-assessment.ts";
import { readOutbox, waitForMessage } from "../support/outbox.ts";
import { expect, test } from "../support/test.ts";

/*
 * The case conversation (docs/architecture.md §4, "The case conversation"), as HR, the doctor and
 * the person use it: HR asks about the job from the referral's page and attaches a job
 * description; the person sends the doctor a fit note; the doctor reads both and answers; a reply
 * naming the condition the person has not agreed to share is refused with what was typed kept; the
 * e-mails carry no message text or file name; and the fit note never reaches the employer (its
 * pages, their data, the drawer, its e-mails).
 */

const guidedAnswers = lowMoodAnswers();

const QUESTION = "Robin's role includes early telephone shifts from 7am. Can those continue?";
const KEPT_BACK = "Her depression makes early starts hard, so move her to the late rota.";
const PERSON_MESSAGE = "My GP signed me off mornings for a month; the fit note is attached.";
const FIT_NOTE = "Statement of fitness for work - Robin.jpg";
const FUNCTIONAL =
  "Early starts are hard for now. A start no earlier than 10am for eight weeks would help.";

test("HR asks the doctor and attaches a job description, the person sends a fit note the employer never sees, and a reply naming a kept-back condition is refused", async ({
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

  // HR attaches the job description from the referral's documents page.
  await page.getByRole("link", { name: "Send a document" }).click();
  await expect(page.getByRole("heading", { name: "Documents", level: 1 })).toBeVisible();
  // A program renamed .pdf is refused by its content, and the choice made is kept.
  await page.getByLabel("What is it?").selectOption({ label: "Job description" });
  await page.getByLabel("File").setInputFiles({
    name: "job description.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("MZ\x90\x00 not a document at all"),
  });
  await page.getByRole("button", { name: "Send to the doctor" }).click();
  await expect(
    page.getByText("This file is not a PDF, PNG, JPEG or Word (.docx) document.").first(),
  ).toBeVisible();
  await expect(page.getByLabel("What is it?")).toHaveValue("job_description");
  await page.getByLabel("File").setInputFiles({
    name: "Job description - adviser.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(
      minimalPdf({ objects: [pdfStream("BT (Customer service adviser) Tj ET")] }),
    ),
  });
  await page.getByRole("button", { name: "Send to the doctor" }).click();
  await expect(page).toHaveURL(/documents\?sent=document/);
  await expect(page.getByRole("status")).toContainText("Document sent");
  await expect(page.getByTestId("case-document")).toHaveCount(1);
  await expect(page.getByTestId("case-document")).toContainText("Not shared with the employee");

  const subject = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const person = await subject.newPage();
  await sendGuidedAssessment(person, link, guidedAnswers);
  // The person sends the doctor a fit note: their employer never sees it.
  await person.goto(link);
  await person.getByRole("link", { name: "Open your messages and documents" }).click();
  await expect(person.getByRole("heading", { name: "Your documents" })).toBeVisible();
  await person.getByLabel("What is it?").selectOption({ label: "Fit note" });
  await person.getByLabel("File").setInputFiles({
    name: FIT_NOTE,
    mimeType: "image/jpeg",
    buffer: Buffer.from(jpegBytes),
  });
  await person.getByRole("button", { name: "Send the document" }).click();
  await expect(person.getByRole("status")).toContainText("Document sent");
  await expect(person.getByTestId("case-document")).toContainText(FIT_NOTE);
  // The employer's document was not shared with them.
  await expect(person.getByTestId("case-document")).toHaveCount(1);
  // And writes to the doctor, which the employer never reads either.
  await person.getByLabel("Your message to the doctor").fill(PERSON_MESSAGE);
  await person.getByRole("button", { name: "Send to the doctor" }).click();
  await expect(person.getByTestId("thread-message")).toContainText(PERSON_MESSAGE);
  await subject.close();

  const doc = await signedIn.doctor();
  const doctor = doc.page;
  await openReportEditor(doctor, reference);
  // The editor holds the person's thread too, and says at its top that a message is waiting.
  await expect(doctor.getByTestId("new-messages")).toHaveText(/1 new message from the employee/);
  await doctor.getByRole("link", { name: "1 new message from the employee" }).click();
  await expect(doctor).toHaveURL(/#person-messages$/);
  await expect(doctor.getByTestId("person-thread")).toBeInViewport();
  const referralId = /\/doctor-referrals\/([^/]+)\/report/.exec(doctor.url())![1]!;
  // The doctor's list marks the case: HR's question and the person's message wait unopened.
  await doctor.goto(`/doctor-dashboard?q=${reference}`);
  await expect(doctor.getByRole("link", { name: `New message on ${reference}` })).toBeVisible();
  await doctor.goto(`/doctor/cases/${referralId}`);
  const doctorThread = doctor.getByTestId("employer-thread");
  await expect(
    doctorThread.getByRole("heading", { name: "Messages with the employer" }),
  ).toBeVisible();
  await expect(doctorThread.getByTestId("thread-message")).toContainText(QUESTION);
  await expect(doctorThread.getByTestId("thread-message")).toContainText("Employer (owner)");

  // Near the top of the long case page: what is new in each thread, linked down to it.
  await expect(doctor.getByTestId("new-messages")).toContainText("1 new message from the employer");
  // Its link leads down to the employer's thread, not the person's.
  await doctor
    .getByTestId("new-messages")
    .getByRole("link", { name: "1 new message from the employer" })
    .click();
  await expect(doctor).toHaveURL(/#messages$/);
  await expect(doctor.getByTestId("employer-thread")).toBeInViewport();
  // The person's message was read in the editor already.
  await expect(doctor.getByTestId("new-messages")).not.toContainText("from the employee");
  // The person's message waits in its own thread on the case.
  await expect(doctor.getByTestId("person-thread").getByTestId("thread-message")).toContainText(
    PERSON_MESSAGE,
  );
  // Both documents wait on the case; the doctor downloads the fit note as an attachment.
  await doctor.getByRole("link", { name: "Open the documents (2)" }).click();
  const docs = doctor.getByTestId("case-document");
  await expect(docs).toHaveCount(2);
  await expect(docs.nth(0)).toContainText("Job description - adviser.pdf");
  await expect(docs.nth(1)).toContainText(FIT_NOTE);
  await expect(docs.nth(1)).toContainText("Between you and the employee");
  const href = await docs.nth(1).getByRole("link").getAttribute("href");
  const fitNoteId = href!.split("/").pop()!;
  const download = await doctor.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("image/jpeg");
  expect(download.headers()["x-content-type-options"]).toBe("nosniff");
  expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect(new Uint8Array(await download.body())).toEqual(jpegBytes);
  await doctor.goto(`/doctor/cases/${referralId}`);

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
  // The referrals list marks the case in words, linked to its conversation.
  await page.goto("/employer-referrals");
  await page.getByRole("link", { name: `New message on ${reference}` }).click();
  await expect(page).toHaveURL(new RegExp(`/employer-referrals/${reference}#messages$`));
  await expect(page.getByTestId("new-messages")).toContainText("1 new message from the doctor");
  const messages = thread.getByTestId("thread-message");
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toContainText("Read by the doctor on");
  await expect(messages.nth(1)).toContainText(FUNCTIONAL);
  await expect(messages.nth(1)).toContainText("Occupational health doctor");

  // Opened, so no longer marked.
  await page.goto("/employer-referrals");
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("new-message-badge")).toHaveCount(0);

  // The page's data holds the thread and nothing of the refused reply.
  const dataResponse = await page.request.get(`/employer-referrals/${reference}.data`);
  const raw = await dataResponse.text();
  expect(raw).toContain("10am");
  expect(raw).not.toMatch(/depression/i);

  // The person's fit note is nowhere the employer looks: the documents page and its data, the
  // referral's page and its data, the drawer, the e-mails.
  await page.goto(`/employer-referrals/${reference}/documents`);
  await expect(page.getByTestId("case-document")).toHaveCount(1);
  await expect(page.getByTestId("case-document")).toContainText("Job description - adviser.pdf");
  for (const address of [
    `/employer-referrals/${reference}/documents`,
    `/employer-referrals/${reference}/documents.data`,
    `/employer-referrals/${reference}.data`,
    `/employer-referrals?viewReferral=${reference}`,
    `/employer-referrals.data`,
    `/employer-dashboard?viewReferral=${reference}`,
  ]) {
    const body = await (await page.request.get(address)).text();
    expect(body, address).not.toContain("Statement of fitness");
    expect(body, address).not.toContain(fitNoteId);
    expect(body, address).not.toContain("signed me off");
  }
  // Its address, even known, is not found for the employer.
  const guessed = await page.request.get(`/employer-referrals/${reference}/documents/${fitNoteId}`);
  expect(guessed.status()).toBe(404);
  await page.goto(`/employer-referrals?viewReferral=${reference}`);
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog")).not.toContainText("Statement of fitness");
  for (const m of readOutbox())
    expect(JSON.stringify(m), m.subject).not.toContain("Statement of fitness");
});
