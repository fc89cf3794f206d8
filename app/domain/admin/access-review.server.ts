import { eq, inArray } from "drizzle-orm";
import { doctorProfile, user } from "~/db/schema/index.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { isInactive } from "./access-review.ts";
import { lastSignIns } from "./last-sign-in.server.ts";

interface PrivilegedAccount {
  userId: string;
  name: string;
  email: string;
  role: "admin" | "doctor";
  /** Doctors: access granted by an admin; administrators are always active. */
  active: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  inactive: boolean;
}

/** Every account that can see health data, longest unused first. */
export async function listPrivilegedAccounts(scope: Scope): Promise<PrivilegedAccount[]> {
  const { db, now } = requireAdmin(scope);
  const accounts = await db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      doctorActive: doctorProfile.active,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(doctorProfile, eq(doctorProfile.userId, user.id))
    .where(inArray(user.role, ["admin", "doctor"]))
    .limit(2000);
  const seen = await lastSignIns(
    db,
    accounts.map((a) => a.userId),
  );
  return accounts
    .map(({ doctorActive, ...a }) => {
      const lastSignInAt = seen.get(a.userId) ?? null;
      return {
        ...a,
        role: a.role as "admin" | "doctor",
        active: a.role === "admin" ? true : doctorActive === true,
        lastSignInAt,
        inactive: isInactive({ lastSignInAt, createdAt: a.createdAt }, now),
      };
    })
    .sort(
      (a, b) =>
        (a.lastSignInAt ?? a.createdAt).getTime() - (b.lastSignInAt ?? b.createdAt).getTime(),
    );
}
