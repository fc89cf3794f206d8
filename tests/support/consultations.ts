import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { doctorProfile, referral, user } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { addWeeklyHours } from "~/domain/consultations/add-weekly-hours.server.ts";
import {
  offerConsultation,
  openConsultationForReferral,
  pickConsultationTime,
} from "~/domain/consultations/booking.server.ts";
import { actorOfDoctor } from "~/domain/doctor/doctor-queue.ts";
import type { DoctorActor, SubjectActor } from "~/domain/kernel/actor.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import { createScope, type Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { Auth } from "~/services/auth/auth.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { statusTakenByDoctor } from "~tests/support/referrals.ts";
import type { TestClock } from "~tests/support/test-clock.ts";

const testOrigin = { ip: null, requestId: "test" };

/** The database a consultation test books in and the adapters its e-mails go through. */
export interface ConsultationTestDeps {
  db: Database;
  adapters: Adapters;
}

/** A doctor's scope for these tests: access granted, second factor passed. */
export function doctorScope(
  db: Database,
  doctor: Pick<Actor, "userId">,
  now = new Date(),
  adapters: Adapters = testAdapters(),
): Scope<DoctorActor> {
  return createScope(
    db,
    actorOfDoctor({ userId: doctor.userId, doctorActive: true, twoFactorVerified: true }),
    testOrigin,
    adapters,
    now,
  );
}

/** The scope of the person holding a link to `referral`. */
export function subjectScopeOf(
  db: Database,
  referral: { id: string; organisationId: string },
  now = new Date(),
  adapters: Adapters = testAdapters(),
): Scope<SubjectActor> {
  return createScope(
    db,
    {
      role: "subject",
      referralId: referral.id,
      invitationId: "test",
      organisationId: referral.organisationId,
    },
    testOrigin,
    adapters,
    now,
  );
}

/**
 * Test fixtures. A doctor record with access granted (tests that need a real sign-in create the
 * account through the accounts domain instead and pass its id), and a referral walked through the
 * real state machine — invited, started, submitted, taken by the doctor — until it is in review.
 */
export async function createDoctorForTest(
  db: Database,
  name = "Dr Ada Lovelace",
  { active = true }: { active?: boolean } = {},
): Promise<Actor> {
  const { id } = await createDoctorRecordForTest(db, name, { active });
  return { ...doctorActor(id), doctorActive: active };
}

/** The doctor's account and professional record, with what a signed report quotes of them. */
export async function createDoctorRecordForTest(
  db: Database,
  name: string,
  { active = true }: { active?: boolean } = {},
): Promise<{ id: string; name: string; email: string; gmcNumber: string }> {
  const id = randomUUID();
  // Tests find the doctor's mail by this address.
  const email = `${id}@example.org`;
  const gmcNumber = String(Math.floor(Math.random() * 9e6) + 1e6);
  await db.insert(user).values({
    id,
    name,
    email,
    emailVerified: true,
    role: "doctor",
    twoFactorEnabled: true,
  });
  await db.insert(doctorProfile).values({ userId: id, gmcNumber, active });
  return { id, name, email, gmcNumber };
}

export function doctorActor(userId: string): Actor {
  return {
    userId,
    role: "doctor",
    organisationId: null,
    memberRole: null,
    doctorActive: true,
    twoFactorVerified: true,
  };
}

export async function referralInReviewForTest(
  db: Database,
  { doctorId, now = new Date() }: { doctorId: string; now?: Date },
) {
  const invited = await createInvitedReferralForTest(db, { type: "management", now });
  const status = statusTakenByDoctor(invited.referral.status);
  const [row] = await db
    .update(referral)
    .set({
      status,
      startedAt: now,
      submittedAt: now,
      reviewStartedAt: now,
      assignedDoctorId: doctorId,
      updatedAt: now,
    })
    .where(eq(referral.id, invited.referral.id))
    .returning();
  return { referral: row!, token: invited.token, employer: invited.actor };
}

/**
 * A consultation booked through the real offer-and-pick functions (the whole week is made
 * available). It starts at the first half-hour slot after `startsAfter`, or, with `startsAt`, at
 * that very minute: the doctor's hours are then laid on a half-hour grid through it. The offer is
 * made "as of" three hours earlier, as a doctor would have made it, so a booking starting in the
 * next half hour is possible — what a browser test of the room needs.
 */
export async function bookConsultationForTest(
  deps: ConsultationTestDeps,
  {
    doctor,
    referralId,
    startsAfter = new Date(),
    startsAt,
  }: { doctor: Actor; referralId: string; startsAfter?: Date; startsAt?: Date },
) {
  const halfHour = 30 * 60_000;
  const first = startsAt ?? new Date(Math.ceil(startsAfter.getTime() / halfHour) * halfHour);
  const startMinute = startsAt ? londonMinuteOf(startsAt) % 30 : 0;
  for (let weekday = 1; weekday <= 7; weekday++)
    await addWeeklyHours(doctorScope(deps.db, doctor), {
      weekday,
      startMinute,
      endMinute: 24 * 60,
    });
  const offeredAt = new Date(first.getTime() - 3 * 3_600_000);
  const offered = await offerConsultation(doctorScope(deps.db, doctor, offeredAt, deps.adapters), {
    referralId,
    times: [first],
  });
  const [r] = await deps.db
    .select({ id: referral.id, organisationId: referral.organisationId })
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals({ role: "system", name: "test" })));
  const subject = subjectScopeOf(deps.db, r!, offeredAt, deps.adapters);
  const open = await openConsultationForReferral(subject);
  const booked = await pickConsultationTime(subject, {
    consultationId: offered.id,
    offerId: open!.offers[0]!.id,
  });
  return booked;
}

const londonClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

/** Minutes after London midnight, on the wall clock. */
function londonMinuteOf(instant: Date): number {
  const parts = londonClock.formatToParts(instant);
  const part = (type: "hour" | "minute") => Number(parts.find((p) => p.type === type)?.value);
  return part("hour") * 60 + part("minute");
}

/**
 * A consultation start whose room (open from half an hour before) is open at once and stays so
 * for at least five minutes before the consultation begins, so a test that walks the room does
 * not see it change under it: a quarter of an hour from now on the server's clock, on the
 * minute. A slot must end by London midnight, so none starts after 23:30; late in the evening
 * the start is 23:30 or midnight, whichever fits. From 23:25 to 23:35 neither does (23:30 is
 * under five minutes away, midnight over 25): then the server's clock moves on a minute at a time
 * until midnight fits (at most ten), where a test once slept through those minutes in real time.
 */
function consultationStartSoon(clock: TestClock): Date {
  const minute = 60_000;
  for (;;) {
    const now = clock.now().getTime();
    const start = new Date(Math.ceil((now + 15 * minute) / minute) * minute);
    const london = londonMinuteOf(start);
    const lastSlot = new Date(start.getTime() - (london - (24 * 60 - 30)) * minute);
    const midnight = new Date(start.getTime() + (24 * 60 - london) * minute);
    if (london <= 24 * 60 - 30) return start;
    if (lastSlot.getTime() >= now + 5 * minute) return lastSlot;
    if (midnight.getTime() <= now + 25 * minute) return midnight;
    clock.advance(minute);
  }
}

/** A case in review with the doctor whose consultation the person has booked, to begin soon. */
export async function bookedCaseForTest(
  deps: ConsultationTestDeps,
  {
    doctorId,
    clock,
  }: {
    doctorId: string;
    /** The server's clock, which `deps.adapters` reads too: the booking's "now" is the server's. */
    clock: TestClock;
  },
) {
  const startsAt = consultationStartSoon(clock);
  const inReview = await referralInReviewForTest(deps.db, { doctorId });
  const consultation = await bookConsultationForTest(deps, {
    doctor: doctorActor(doctorId),
    referralId: inReview.referral.id,
    startsAt,
  });
  return { ...inReview, consultation };
}

/**
 * A doctor who can sign in with a password (browser tests): the account as an administrator's
 * invitation makes it, with the password the set-password link would have set. Two-factor
 * enrolment is left to the browser, as on a real first sign-in.
 */
export async function createDoctorAccountForTest(
  deps: { auth: Auth; database: { db: Database } },
  { email, name, password }: { email: string; name: string; password: string },
): Promise<string> {
  const { internalAdapter, password: hasher } = await deps.auth.$context;
  const space = name.indexOf(" ");
  const created = await internalAdapter.createUser(
    {
      email,
      name,
      emailVerified: true,
      role: "doctor",
      firstName: name.slice(0, space),
      lastName: name.slice(space + 1),
    },
    { method: "admin" },
  );
  await deps.database.db.insert(doctorProfile).values({
    userId: created.id,
    gmcNumber: String(Math.floor(Math.random() * 9e6) + 1e6),
    active: true,
  });
  await internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await hasher.hash(password),
  });
  return created.id;
}
