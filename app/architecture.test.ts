import { describe, expect, test } from "vitest";
import {
  handMadeForms,
  handReads,
  postFormsWithoutOrganisation,
} from "../tests/architecture/forms.ts";
import {
  importEdges,
  isTestFile,
  readSource,
  runtimeCycles,
  sourceFiles,
  unscopedReadsById,
} from "../tests/architecture/import-graph.ts";
import { unscopedDomainCalls } from "../tests/architecture/use-case-signatures.ts";

/**
 * The layering of docs/architecture.md §3, checked on the import graph. Where the code has not
 * reached the rule yet, the exceptions are listed here by file: the lists may only shrink, and a
 * listed file that no longer breaks the rule fails the test until it is taken off.
 */

/** Services that still hold use cases and import the domain at runtime (moving out, §3). */
const servicesImportingDomain = new Set<string>([]);

/** Files that still read a tenant table by id without a visibility builder, and how often. */
const unscopedReads: Record<string, number> = {};

/**
 * Domain functions routes and jobs call that do not take the caller's scope first (§3b), as
 * `file#function`. Most act before anyone is known, so there is no actor to scope them yet:
 * signing in, registering, resetting a password, the public enquiry forms, opening an assessment
 * link (which is what gives the person their subject scope) and the rate limits that guard them.
 * The rest serve the account pages, which every signed-in person reaches, including an employer
 * left with no organisation, for whom no employer scope exists (actorOfSession): they act on the
 * session's own user, checked by better-auth, and take its actor and request instead.
 */
const unscopedCalls = new Set<string>([
  "app/domain/accounts/admin-setup.server.ts#createFirstAdmin",
  "app/domain/accounts/admin-setup.server.ts#setupTokenIsValid",
  "app/domain/accounts/doctors.server.ts#getOwnDoctorProfile",
  "app/domain/accounts/doctors.server.ts#updateOwnQualifications",
  "app/domain/accounts/email-verification.server.ts#resendVerificationEmail",
  "app/domain/accounts/email-verification.server.ts#verifyEmailAddress",
  "app/domain/accounts/password-reset.server.ts#requestPasswordReset",
  "app/domain/accounts/password-reset.server.ts#resetPasswordWithToken",
  "app/domain/accounts/pending-second-factor.server.ts#readPendingSecondFactor",
  "app/domain/accounts/register-employer.server.ts#registerEmployer",
  "app/domain/accounts/sign-in.server.ts#signInWithPassword",
  "app/domain/accounts/sign-out.server.ts#signOut",
  "app/domain/accounts/two-factor.server.ts#confirmTwoFactorEnrolment",
  "app/domain/accounts/two-factor.server.ts#disableTwoFactor",
  "app/domain/accounts/two-factor.server.ts#pendingEnrolment",
  "app/domain/accounts/two-factor.server.ts#startTwoFactorEnrolment",
  "app/domain/accounts/two-factor.server.ts#verifySignInSecondFactor",
  "app/domain/accounts/update-account.server.ts#changePassword",
  "app/domain/accounts/update-account.server.ts#updateOrganisation",
  "app/domain/accounts/update-account.server.ts#updateProfile",
  "app/domain/assessments/open-assessment-link.server.ts#openAssessmentLink",
  "app/domain/enquiries/deliver-enquiry-email.server.ts#deliverEnquiryEmail",
  "app/domain/enquiries/register-interest.server.ts#registerInterest",
  "app/domain/enquiries/submit-contact-message.server.ts#submitContactMessage",
  "app/domain/kernel/rate-limit.server.ts#checkRateLimit",
]);

/**
 * Route modules that still read a posted form by hand (`formData.get`), and how often; every
 * other form is read through its schema with parseSubmission (docs/architecture.md §3, "Forms").
 */
const handReadForms: Record<string, number> = {};

/**
 * Forms with fields, POST or GET (a list's filters), that are not Conform forms (useSchemaForm or
 * useSentForm, whose props the form spreads with getFormProps), by file and line. A form of one
 * button with only hidden fields (an intent such as "Cancel" or "Remove", and the row's id) has
 * nothing to check and is not counted: the action still reads it through its page's schema.
 */
const formsWithoutSchema: Record<string, number[]> = {};

/** Test helpers: factories, harnesses and fixtures live under tests/, for tests only. */
const testHelper = (file: string) => file.startsWith("tests/");

const edges = importEdges();
const files = sourceFiles();
const product = files.filter((file) => !isTestFile(file) && !testHelper(file));

describe("the import graph", () => {
  test("no runtime import cycles", () => {
    expect(runtimeCycles(edges)).toEqual([]);
  });

  test("the domain imports neither routes nor components", () => {
    const wrong = edges.filter(
      (e) =>
        e.from.startsWith("app/domain/") &&
        !isTestFile(e.from) &&
        (e.to.startsWith("app/routes/") || e.to.startsWith("app/components/")),
    );
    expect(wrong.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  test("services are adapters: they do not import the domain at runtime", () => {
    const importing = new Set(
      edges
        .filter(
          (e) =>
            !e.typeOnly &&
            e.from.startsWith("app/services/") &&
            !isTestFile(e.from) &&
            e.to.startsWith("app/domain/"),
        )
        .map((e) => e.from),
    );
    expect([...importing].filter((file) => !servicesImportingDomain.has(file))).toEqual([]);
    expect([...servicesImportingDomain].filter((file) => !importing.has(file))).toEqual([]);
  });

  test("product code does not import test helpers", () => {
    const wrong = edges.filter((e) => product.includes(e.from) && testHelper(e.to));
    expect(wrong.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  test("tenant tables are read by id only through the visibility builders", () => {
    const found: Record<string, number> = {};
    for (const file of files.filter((f) => !isTestFile(f) && !f.startsWith("app/domain/kernel/"))) {
      const reads = unscopedReadsById(readSource(file)).length;
      if (reads > 0) found[file] = reads;
    }
    expect(found).toEqual(unscopedReads);
  });

  test("routes and jobs call the domain with the caller's scope first", () => {
    const callers = product.filter((f) => f.startsWith("app/routes/") || f.startsWith("app/jobs/"));
    const calls = unscopedDomainCalls(callers);
    const called = new Set(calls.map((c) => `${c.declaredIn}#${c.name}`));
    expect(
      calls
        .filter((c) => !unscopedCalls.has(`${c.declaredIn}#${c.name}`))
        .map((c) => `${c.from} -> ${c.name} (${c.declaredIn})`),
    ).toEqual([]);
    expect([...unscopedCalls].filter((call) => !called.has(call))).toEqual([]);
  });
});

describe("forms", () => {
  const modules = product.filter((f) => /^app\/(routes|components)\//.test(f));

  test("every form with fields, POST or GET, is a Conform form with its schema", () => {
    const found: Record<string, number[]> = {};
    for (const file of modules) {
      const lines = handMadeForms(readSource(file));
      if (lines.length > 0) found[file] = lines;
    }
    expect(found).toEqual(formsWithoutSchema);
  });

  test("route modules read posted forms through their schema, not by hand", () => {
    const found: Record<string, number> = {};
    for (const file of modules.filter((f) => f.startsWith("app/routes/"))) {
      const reads = handReads(readSource(file));
      if (reads > 0) found[file] = reads;
    }
    expect(found).toEqual(handReadForms);
  });
});

/**
 * The modules an employer page is drawn from: the area's route modules and every route or
 * component module they import at runtime (the account menu is loaded on demand, so named too).
 */
function employerAreaModules(): string[] {
  const reached = new Set(
    product.filter(
      (f) => f.startsWith("app/routes/employer/") || f === "app/components/account-menu.tsx",
    ),
  );
  const pending = [...reached];
  while (pending.length > 0) {
    const from = pending.pop() as string;
    for (const edge of edges) {
      if (edge.from !== from || edge.typeOnly || reached.has(edge.to)) continue;
      reached.add(edge.to);
      pending.push(edge.to);
    }
  }
  return [...reached].filter((f) => /^app\/(routes|components)\//.test(f) && product.includes(f));
}

describe("the active organisation", () => {
  test("every POST form of the employer area carries the organisation its page was for", () => {
    const modules = employerAreaModules();
    // The check must see the forms it is about, or it would pass by reading nothing.
    expect(modules).toEqual(
      expect.arrayContaining([
        "app/components/referrals/referral-drawer.tsx",
        "app/components/referrals/referral-form.tsx",
        "app/components/account/organisation-switcher.tsx",
        "app/routes/employer/subscription.tsx",
      ]),
    );
    const found: Record<string, number[]> = {};
    for (const file of modules) {
      const lines = postFormsWithoutOrganisation(readSource(file));
      if (lines.length > 0) found[file] = lines;
    }
    expect(found).toEqual({});
  });
});

describe("the checks themselves", () => {
  test("a POST form without the organisation field is found; GET, sign-out and marked forms are not", () => {
    expect(
      postFormsWithoutOrganisation(
        [
          '<Form method="post" action="/x">',
          '  <input type="hidden" name="intent" value="cancel" />',
          "</Form>",
          '<fetcher.Form method="post">',
          "  <OrganisationField />",
          "</fetcher.Form>",
          '<Form method="get"><Input name="q" /></Form>',
          '<Form method="post" action="/logout"><Button>Sign out</Button></Form>',
          '<Form method="post" {...getFormProps(form)}><Input name="a" /></Form>',
          // A comment between the attributes, with an apostrophe in it, does not hide a form.
          "<fetcher.Form",
          '  method="post"',
          "  // The dialog's button submits this form.",
          "  onSubmit={() => close()}",
          ">",
          '  <input type="hidden" name="intent" value="reassign" />',
          "</fetcher.Form>",
        ].join("\n"),
      ),
    ).toEqual([1, 9, 10]);
  });

  test("a POST or GET form with a field and no Conform props is found; Conform and button-only forms are not", () => {
    expect(
      handMadeForms(
        [
          '<Form method="post">',
          '  <Textarea name="notes" onChange={(e) => e.target.value} />',
          "</Form>",
          '<Form method="post" {...getFormProps(form)}><Input name="a" /></Form>',
          '<Form method="get"><Input name="q" /></Form>',
          '<Form method="get" {...getFormProps(filters)}><ListSearchField /></Form>',
          '<fetcher.Form\n  method="post"\n>',
          '  <input type="hidden" name="intent" value="cancel" />',
          '  <Button type="submit">Cancel</Button>',
          "</fetcher.Form>",
          '<form method="POST"><SlotPicker slots={slots} /></form>',
        ].join("\n"),
      ),
    ).toEqual([1, 5, 13]);
  });

  test("a hand read of a posted form is counted, the navigation's pending form is not", () => {
    expect(
      handReads(
        [
          'const intent = formData.get("intent");',
          'const times = form.getAll("times");',
          'const busy = navigation.formData?.get("intent");',
          '// formData.get("ignored") in a comment',
        ].join("\n"),
      ),
    ).toBe(2);
  });

  test("an unscoped read by id is found, a scoped one and an update are not", () => {
    expect(
      unscopedReadsById(
        "await db.select().from(referral).where(eq(referral.id, id));\n" +
          "await db.select().from(report).where(and(eq(report.id, id), visibleReports(scope)));\n" +
          "await db.update(invoice).set({}).where(eq(invoice.id, id));",
      ),
    ).toEqual(["referral"]);
  });

  test("a cycle is found, and type-only imports make none", () => {
    expect(
      runtimeCycles([
        { from: "a.ts", to: "b.ts", typeOnly: false },
        { from: "b.ts", to: "a.ts", typeOnly: false },
        { from: "c.ts", to: "d.ts", typeOnly: false },
        { from: "d.ts", to: "c.ts", typeOnly: true },
      ]),
    ).toEqual([["a.ts", "b.ts"]]);
  });
});
