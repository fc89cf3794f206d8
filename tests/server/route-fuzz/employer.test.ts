import { beforeAll, expect, it } from "vitest";
import { member } from "~/db/schema/index.ts";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { createAccountOn, PASSWORD, uniqueEmail } from "~tests/support/test-accounts.ts";
import { fuzzServerForFile, tokenRoutes, walkAs, walkTimeout } from "./fuzz.ts";

const server = fuzzServerForFile();

/** An employer's referral, invited: its link's token, its organisation and its owner's address. */
let token: string;
let organisationId: string;
let employerEmail: string;

beforeAll(async () => {
  const { runtime } = server();
  const invited = await createInvitedReferralForTest(runtime.database.db, { type: "management" });
  token = invited.token;
  organisationId = invited.actor.organisationId;
  employerEmail = uniqueEmail("fuzz-employer");
  const userId = await createAccountOn(runtime, "employer", employerEmail, "Priya Shah");
  await runtime.database.db.insert(member).values({ organisationId, userId, role: "owner" });
});

it(
  "route fuzz: no input makes the server fail, as the person on their assessment link",
  async () => {
    expect(tokenRoutes.length).toBeGreaterThan(0);
    await walkAs(server(), "person", { token, routes: tokenRoutes });
  },
  walkTimeout,
);

it(
  "route fuzz: no input makes the server fail, as the employer who sent that link",
  async () => {
    await walkAs(server(), "employer", {
      token,
      organisation: organisationId,
      async signIn(employer) {
        const signIn = await employer.post("/login", {
          intent: "sign-in",
          email: employerEmail,
          password: PASSWORD,
        });
        expect(signIn.location, "the employer's sign-in").toMatch(/^\/employer-dashboard/);
        // The organisation is the one the employer's own pages post (docs/architecture.md §4).
        const page = (await employer.get("/employer-subscription")).body.toString();
        expect(page).toContain(`name="_organisation" value="${organisationId}"`);
      },
    });
  },
  walkTimeout,
);
