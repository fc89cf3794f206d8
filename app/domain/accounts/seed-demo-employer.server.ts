import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { account, member, organisation, user } from "~/db/schema/index.ts";

const DEMO_EMPLOYER_EMAIL = "demo.employer@example.org";

/**
 * Seed step: a sample employer company and its owner, verified, to try the employer area locally.
 * The password is random and printed once, when the account is created (there is no default
 * password, and never an administrator: those come from the set-up link or admin:create).
 */
export async function seedDemoEmployer(db: Database): Promise<string> {
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, DEMO_EMPLOYER_EMAIL));
  if (existing)
    return `Demo employer ${DEMO_EMPLOYER_EMAIL} already exists (its password was printed when it was created).`;
  const password = `demo-${randomBytes(9).toString("base64url")}`;
  const userId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id: userId,
      name: "Alex Morgan",
      firstName: "Alex",
      lastName: "Morgan",
      email: DEMO_EMPLOYER_EMAIL,
      emailVerified: true,
      role: "employer",
    });
    await tx.insert(account).values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: await hashPassword(password),
    });
    const [org] = await tx
      .insert(organisation)
      .values({
        name: "Demo Manufacturing Ltd",
        industry: "Manufacturing",
        phone: "0113 496 0123",
        address: "1 Sample Street, Leeds LS1 1AA",
      })
      .returning({ id: organisation.id });
    await tx.insert(member).values({ organisationId: org!.id, userId, role: "owner" });
  });
  return `Demo employer created: sign in at /login as ${DEMO_EMPLOYER_EMAIL} with password ${password}`;
}
