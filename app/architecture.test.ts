import ts from "typescript";
import { beforeAll, describe, expect, test } from "vitest";
import { breaks, correct } from "../tests/architecture/fixtures.ts";
import {
  healthPayload,
  healthTables,
  tenantTables,
  visibilityBuilders,
} from "../tests/architecture/reads.ts";
import {
  type Breach,
  edges,
  employerAreaModules,
  type RuleName,
  rules,
} from "../tests/architecture/rules.ts";
import { type Project, projectOf, repositoryProject } from "../tests/architecture/source.ts";

/**
 * The layering of docs/architecture.md §3 and §3b, checked on the syntax tree of every file. Where
 * the code has not reached a rule yet, the exceptions are listed here by file with the reason:
 * the lists may only shrink, and a listed file that no longer breaks the rule fails the test
 * until it is taken off. Each rule is proved on fixtures (tests/architecture/fixtures.ts) to fire
 * on a break and to pass a correct form.
 */

/**
 * Parsing the repository once, shared by every rule: about 2 s on this machine when it is idle,
 * several times that under the load of a full run.
 */
const parseBudget = 60_000;
/** A rule over the parsed repository (under a second), or over a fixture (milliseconds). */
const ruleBudget = { timeout: 15_000 };

interface Exception {
  /** How many breaches the file holds. */
  count: number;
  why: string;
}

/** Reads not yet through the visibility builder of their table, by file, with the reason. */
const unscopedReads: Record<string, Exception> = {};

/**
 * Kernel files that still import a domain area (docs/architecture.md §3b), by file. The list may
 * only shrink: a kernel that imports an area cannot be shared by every area without a cycle.
 */
const kernelImports: Record<string, Exception> = {};

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
 * Route modules that still read a posted form by hand, by file; every other form is read through
 * its schema with parseSubmission (docs/architecture.md §3, "Forms").
 */
const handReadForms: Record<string, Exception> = {
  "app/routes/assessment/step.tsx": {
    count: 1,
    why:
      "A questionnaire step's fields are generated from the questionnaire's definition, not " +
      "declared in a Zod schema: the action reads the form's control fields through stepForm " +
      "with parseSubmission, and the answers through readStepAnswers, which checks each against " +
      "its item of the definition.",
  },
};

/** The breaches of a rule that the lists above do not excuse, and the excuses no longer needed. */
function unexcused(found: Breach[], excused: Record<string, Exception>) {
  const counts = new Map<string, number>();
  for (const breach of found) counts.set(breach.key, (counts.get(breach.key) ?? 0) + 1);
  return {
    breaches: found
      .filter((b) => counts.get(b.key) !== excused[b.key]?.count)
      .map((b) => `${b.file}: ${b.what}`),
    stale: Object.keys(excused).filter((key) => !counts.has(key)),
  };
}

let repository: Project;

beforeAll(() => {
  repository = repositoryProject();
  edges(repository);
}, parseBudget);

const run = (rule: RuleName) => rules[rule](repository);

/** The rules the repository keeps without exception. */
const kept: RuleName[] = [
  "no runtime import cycles",
  "the domain imports neither routes nor components",
  "services are adapters: they do not import the domain at runtime",
  "the domain and jobs reach other servers only through adapters",
  "product code does not import test helpers",
  "every form with fields, POST or GET, is a Conform form with its schema",
];

describe("the repository", () => {
  test.each(kept)("%s", ruleBudget, (rule) => {
    expect(run(rule).map((b) => b.what)).toEqual([]);
  });

  test("routes and jobs call the domain with the caller's scope first", ruleBudget, () => {
    const calls = run("routes and jobs call the domain with the caller's scope first");
    const called = new Set(calls.map((c) => c.key));
    expect(calls.filter((c) => !unscopedCalls.has(c.key)).map((c) => c.what)).toEqual([]);
    expect([...unscopedCalls].filter((call) => !called.has(call))).toEqual([]);
  });

  test(
    "tenant tables by id, and health data at all, are read through the visibility builders",
    ruleBudget,
    () => {
      const found = run(
        "tenant tables by id, and health data at all, are read through the visibility builders",
      );
      expect(unexcused(found, unscopedReads)).toEqual({ breaches: [], stale: [] });
    },
  );

  test("the kernel imports no domain area", ruleBudget, () => {
    const found = run("the kernel imports no domain area");
    expect(unexcused(found, kernelImports)).toEqual({ breaches: [], stale: [] });
  });

  test("route modules read posted forms through their schema, not by hand", ruleBudget, () => {
    const found = run("route modules read posted forms through their schema, not by hand");
    expect(unexcused(found, handReadForms)).toEqual({ breaches: [], stale: [] });
  });

  test(
    "every POST form of the employer area carries the organisation its page was for",
    ruleBudget,
    () => {
      // The check must see the forms it is about, or it would pass by reading nothing.
      expect(employerAreaModules(repository)).toEqual(
        expect.arrayContaining([
          "app/components/referrals/referral-drawer.tsx",
          "app/components/referrals/referral-form.tsx",
          "app/components/account/organisation-switcher.tsx",
          "app/routes/employer/subscription.tsx",
        ]),
      );
      expect(
        run("every POST form of the employer area carries the organisation its page was for"),
      ).toEqual([]);
    },
  );
});

/**
 * The sealed columns of each table of `app/db/schema/`: those built with `encryptedText` or
 * `encryptedJson` (`app/db/encryption/`), by the table's exported name.
 */
function sealedColumns(project: Project): Record<string, string[]> {
  const sealed: Record<string, string[]> = {};
  for (const file of project.files.filter((f) => f.startsWith("app/db/schema/"))) {
    for (const statement of project.source(file).statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const call = declaration.initializer;
        const columns = call && ts.isCallExpression(call) ? call.arguments[1] : undefined;
        if (!ts.isIdentifier(declaration.name) || !columns) continue;
        if (!ts.isObjectLiteralExpression(columns)) continue;
        for (const column of columns.properties) {
          if (!ts.isPropertyAssignment(column)) continue;
          if (!/^\s*encrypted(Text|Json)\b/.test(column.initializer.getText())) continue;
          const table = declaration.name.text;
          sealed[table] = [...(sealed[table] ?? []), column.name.getText()];
        }
      }
    }
  }
  return sealed;
}

describe("what the visibility rule knows", () => {
  test("every builder of the kernel, one for each tenant and health-data table", ruleBudget, () => {
    const kernel = repository.source("app/domain/kernel/visibility.server.ts");
    const exported = kernel.statements.flatMap((statement) =>
      ts.isFunctionDeclaration(statement) &&
      statement.name &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        ? [statement.name.text]
        : [],
    );
    expect(exported.sort()).toEqual(Object.keys(visibilityBuilders).sort());
    // A table may have a second builder for a narrower way in (a follow-up's earlier cases).
    expect([...new Set(Object.values(visibilityBuilders))].sort()).toEqual(
      [...tenantTables, ...healthTables].sort(),
    );
  });

  test("the health payload is the sealed columns of the health-data tables", ruleBudget, () => {
    const sealed = sealedColumns(repository);
    expect(Object.fromEntries([...healthTables].map((t) => [t, sealed[t]]))).toEqual(healthPayload);
  });
});

describe("the rules themselves", () => {
  test("every rule has a fixture that breaks it and one that keeps it", ruleBudget, () => {
    for (const rule of Object.keys(rules)) {
      expect(breaks.filter((f) => f.rule === rule).length, rule).toBeGreaterThan(0);
      expect(correct.filter((f) => f.rule === rule).length, rule).toBeGreaterThan(0);
    }
  });

  test.each(breaks)("$rule: fires on $name", ruleBudget, ({ rule, files, expected }) => {
    expect(rules[rule](projectOf(files)).map((b) => b.what)).toEqual(expected);
  });

  test.each(correct)("$rule: passes $name", ruleBudget, ({ rule, files }) => {
    expect(rules[rule](projectOf(files)).map((b) => b.what)).toEqual([]);
  });
});
