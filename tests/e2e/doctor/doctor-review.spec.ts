import { freshCode } from "../support/admin.ts";
import { openCaseSheet } from "../support/doctor-case.ts";
import { linkTo, readOutbox, waitForMessage } from "../support/outbox.ts";
import { sendOfficeCase } from "../support/questionnaire.ts";
import {
  approveReport,
  correctionReachesDoctor,
  downloadReportPdf,
  employerOpensReleasedReport,
} from "../support/report-review.ts";
import { expect, test } from "../support/test.ts";

/*
 * docs/architecture.md §5 across roles: the employer refers, the candidate consents and answers, the doctor
 * takes the case, edits and signs; the candidate asks for a correction, the doctor revises, the
 * candidate approves; the employer reads the released report and downloads its PDF.
 */
test("referral to released report: doctor signs, candidate corrects then approves, employer downloads the PDF", async ({
  page,
  browser,
  signedIn,
}) => {
  test.setTimeout(300_000);

  // The candidate completes a pre-employment questionnaire (the employer places it in its own context).
  const { reference, subjectEmail, employerEmail } = await sendOfficeCase(page);

  // Two doctors with access, signed in (their invitation is tests/e2e/auth/roles.spec.ts).
  const first = await signedIn.doctor();
  const second = await signedIn.doctor();
  const { gmcNumber } = first;

  // The first doctor finds the case in the queue and opens it.
  const doctor = first.page;
  await doctor.goto(`/doctor-dashboard?q=${reference.toLowerCase()}`);
  await expect(doctor.getByRole("heading", { name: "Doctor Dashboard" })).toBeVisible();
  await expect(doctor.getByText("Pending Review")).toBeVisible();
  const row = doctor.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("Robin Taylor");
  // The row's link is the case's own page; with scripts, a click opens the sheet instead.
  await expect(row.getByRole("link", { name: `Review ${reference}` })).toHaveAttribute(
    "href",
    /^\/doctor\/cases\/[0-9a-f-]{36}$/,
  );
  const sheet = await openCaseSheet(doctor, reference);
  // The sheet opens on its heading, as every drawer does.
  await expect(
    sheet.getByRole("heading", { name: `Referral Details: ${reference}` }),
  ).toBeFocused();
  await expect(sheet.getByTestId("transcript")).toContainText("No");
  await doctor.screenshot({ path: "test-results/doctor-dashboard.png" });
  await sheet.getByRole("button", { name: "Review & Create Report" }).click();

  // The editor: pre-filled from the draft, each statement beside its answers.
  await expect(doctor.getByRole("heading", { name: "Review & Create Report" })).toBeVisible();
  const editorUrl = doctor.url();
  expect(editorUrl).toMatch(/\/doctor-referrals\/[0-9a-f-]{36}\/report$/);
  await expect(doctor.getByLabel("Fit", { exact: true })).toBeChecked();
  await expect(doctor.getByText(/Evidence for you only/).first()).toBeVisible();
  await doctor.getByLabel("Fit with adjustments").check();
  await doctor
    .getByLabel("Recommendation 1", { exact: true })
    .fill("A display screen assessment in the first week");
  // A recommendation for a time needs its duration before signing (ADR 0017).
  await doctor.locator("#recommendations-0-weeks").fill("2");
  await doctor.getByLabel("Note for the employer").fill("<b>Plain text</b> stays plain text.");
  await doctor.getByRole("button", { name: "Save draft" }).click();
  await expect(doctor.getByText("Draft saved (version 1).")).toBeVisible();
  await expect(doctor.getByLabel("Recommendation 1", { exact: true })).toHaveValue(
    "A display screen assessment in the first week",
  );
  await expect(doctor.getByText(/GMC number \d{7}/)).toBeVisible();
  await doctor.screenshot({ path: "test-results/doctor-editor.png", fullPage: true });
  const wide = doctor.viewportSize();
  await doctor.setViewportSize({ width: 375, height: 800 });
  await doctor.screenshot({ path: "test-results/doctor-editor-375.png", fullPage: true });
  if (wide) await doctor.setViewportSize(wide);

  // Signing without a fresh authenticator code is refused and keeps the edits.
  await doctor.getByRole("button", { name: "Sign and send to the employee" }).click();
  await expect(
    doctor.getByText("Enter the 6-digit code from your authenticator app to sign.").first(),
  ).toBeVisible();
  await expect(doctor.getByLabel("Recommendation 1", { exact: true })).toHaveValue(
    "A display screen assessment in the first week",
  );

  // Sign and send with a code, pasted as an authenticator app shows it ("123 456"): back on the
  // dashboard with the seed's toast, the sheet closed.
  const code = await freshCode(first);
  await doctor.getByLabel("Authenticator code to sign").focus();
  await doctor.keyboard.insertText(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(doctor.getByLabel("Authenticator code to sign")).toHaveValue(
    `${code.slice(0, 3)} ${code.slice(3)}`,
  );
  await doctor.getByRole("button", { name: "Sign and send to the employee" }).click();
  await expect(doctor).toHaveURL(/\/doctor-dashboard/);
  await expect(doctor.getByText("Review completed")).toBeVisible();
  await expect(
    doctor.getByText(`Referral ${reference} has been marked as completed.`),
  ).toBeVisible();
  await expect(doctor.getByRole("dialog")).toHaveCount(0);
  await doctor.goto(`/doctor-dashboard?tab=completed&q=${reference}`);
  await expect(doctor.getByRole("row").filter({ hasText: reference })).toContainText(
    "With employee for review",
  );

  // The candidate is e-mailed a personal link to review the report.
  const ready = await waitForMessage(subjectEmail, "Your report is ready to review");
  expect(linkTo(ready, "/assessment/")).toMatch(/\/assessment\/[A-Za-z0-9_-]{43}\/report$/);

  // The second doctor cannot see or open the first doctor's case.
  const other = second.page;
  await other.goto(`/doctor-dashboard?q=${reference}`);
  await expect(other.getByText("No referrals found matching your criteria")).toBeVisible();
  const caseId = editorUrl.split("/").at(-2)!;
  expect((await other.goto(`/doctor-dashboard?case=${caseId}`))?.status()).toBe(404);
  expect((await other.goto(`/doctor/cases/${caseId}`))?.status()).toBe(404);
  expect((await other.goto(`/doctor-referrals/${caseId}/report`))?.status()).toBe(404);

  // The candidate asks for a factual correction; the doctor is told and revises into version 2.
  const comment = "My role is part-time, not full-time.";
  await correctionReachesDoctor(
    { page, link: linkTo(ready, "/assessment/"), comment },
    { page: doctor, email: first.email, editorUrl, reference },
  );
  await expect(doctor.getByText("The employee asked for a factual correction")).toBeVisible();
  await expect(doctor.getByText(comment)).toBeVisible();
  await doctor
    .getByLabel("Recommendation 2", { exact: true })
    .fill("Part-time hours suit the role");
  await doctor.locator("#recommendations-1-kind").selectOption("lasting");
  await doctor.getByLabel("Authenticator code to sign").fill(await freshCode(first));
  await doctor.getByRole("button", { name: "Sign and send to the employee" }).click();
  await expect(doctor.getByText("Review completed")).toBeVisible();
  let revised: ReturnType<typeof readOutbox>[number] | undefined;
  await expect
    .poll(() => {
      revised = readOutbox().find((m) => m.to.includes(subjectEmail) && /revised/.test(m.text));
      return Boolean(revised);
    })
    .toBe(true);

  // The candidate approves version 2; the employer is told and finds the released report.
  await approveReport(page, linkTo(revised!, "/assessment/"));
  const employer = await employerOpensReleasedReport(browser, {
    employerEmail,
    reference,
    subjectName: "Robin Taylor",
  });
  await expect(employer.getByRole("main")).toContainText("Part-time hours suit the role");
  // The employer sees the report, never the AI draft or the candidate's answers.
  await expect(employer.getByRole("main")).not.toContainText("AI draft");
  await expect(employer.getByRole("main")).not.toContainText("Suggested outcome");
  const pdf = await downloadReportPdf(employer);
  expect(pdf.text).toContain(reference);
  expect(pdf.text).toContain("Fit with adjustments");
  expect(pdf.text).toContain(gmcNumber);
  // Free text reaches the PDF literally, markup and all.
  expect(pdf.text).toContain("<b>Plain text</b> stays plain text.");

  // The referral's drawer, opened by the public reference, shows the same released report.
  await employer.goto(`/employer-referrals?viewReferral=${reference}`);
  const drawer = employer.getByRole("dialog");
  await expect(
    drawer.getByRole("heading", { name: `Assessment Report: ${reference}` }),
  ).toBeVisible();
  await expect(drawer.getByTestId("drawer-report")).toContainText("Part-time hours suit the role");
  await expect(drawer.getByTestId("drawer-report")).toContainText(gmcNumber);
  await expect(drawer.getByTestId("drawer-report")).toContainText("Consulting Doctor");
  const fromDrawer = await downloadReportPdf(employer);
  expect(fromDrawer.text).toContain(reference);

  // An answer that changes the report is an amendment (docs/architecture.md §4): the doctor
  // starts it from the case page, behind a disclosure that says what it sets off.
  await doctor.goto(`/doctor/cases/${caseId}`);
  const amend = doctor.getByTestId("amend-report");
  await amend.getByText("Amend the released report").click();
  await expect(amend).toContainText("The employer keeps the released version");
  await doctor.screenshot({ path: "test-results/doctor-amend.png", fullPage: true });
  await amend.getByRole("button", { name: "Start the amendment" }).click();
  await expect(doctor).toHaveURL(editorUrl);
  await expect(doctor.getByLabel("Recommendation 2", { exact: true })).toHaveValue(
    "Part-time hours suit the role",
  );
  await doctor
    .getByLabel("Recommendation 2", { exact: true })
    .fill("Part-time hours, 20 a week, suit the role");
  await doctor.getByLabel("Authenticator code to sign").fill(await freshCode(first));
  await doctor.getByRole("button", { name: "Sign and send to the employee" }).click();
  await expect(doctor.getByText("Review completed")).toBeVisible();

  // While the candidate reads it, the employer keeps the released version, and is told why.
  await employer.goto(`/employer-referrals?viewReferral=${reference}`);
  const during = employer.getByRole("dialog");
  await expect(during).toContainText("The amended report is with Robin Taylor");
  await expect(during.getByTestId("drawer-report")).toContainText("Part-time hours suit the role");
  await expect(during.getByTestId("drawer-report")).not.toContainText("20 a week");
  await employer.screenshot({ path: "test-results/employer-during-amendment.png" });

  // The candidate approves the amendment: it replaces the released version.
  // The e-mail says it is an amendment, not a revision after their comments.
  const amendedMail = () =>
    readOutbox().find(
      (m) => m.to.includes(subjectEmail) && /has amended your released/.test(m.text),
    );
  await expect.poll(() => amendedMail() !== undefined).toBe(true);
  const amended = amendedMail();
  await approveReport(page, linkTo(amended!, "/assessment/"));
  await employer.goto(`/employer-referrals?viewReferral=${reference}`);
  await expect(employer.getByRole("dialog").getByTestId("drawer-report")).toContainText(
    "Part-time hours, 20 a week, suit the role",
  );

  await employer.context().close();
});
