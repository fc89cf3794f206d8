import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import {
  apiKey,
  assessmentConsent,
  caseClinicalNote,
  caseDocument,
  caseMessage,
  consultation,
  creditNote,
  draftReport,
  insightCount,
  invoice,
  member,
  paymentOrder,
  questionnaireResponse,
  referral,
  referralManager,
  report,
  teamInvitation,
  webhookDelivery,
  webhookEndpoint,
} from "~/db/schema/index.ts";
import type { Actor, DoctorActor, EmployerActor, SubjectActor } from "./actor.ts";
import type { Scope } from "./scope.ts";
import { type TeamPermission, teamCan } from "./team-permissions.ts";
import { personsThreadItems, type ThreadItems } from "./thread-items.ts";

/**
 * The visibility builders (docs/architecture.md §3b): for each tenant table, the rows this
 * scope's actor may read, as a SQL condition to AND into a query. They are the sanctioned way to
 * read a tenant table by id; the architecture test (`app/architecture.test.ts`) refuses a read of
 * these tables by id elsewhere. Modelled on Documenso's where-input builders and Medplum's
 * repository security filters: the filter comes from the actor, never from an id a route passed.
 *
 * Nobody sees nothing by accident: an actor with no rule for a table gets `false`.
 */
const nothing = sql`false`;
const everything = sql`true`;

/** The actors a table's rule is written for: administrators and the system read every row. */
type RuledActor = Exclude<Actor, { role: "admin" | "system" }>;
type RoleRules = { [A in RuledActor as A["role"]]?: (actor: A) => SQL };

/**
 * One table's rows for the scope's actor: every row for an administrator and the system, the
 * role's rule for anyone else, and nothing for a role the table has no rule for.
 */
function rowsFor(scope: Scope | Actor, rules: RoleRules): SQL {
  const actor = actorOf(scope);
  switch (actor.role) {
    case "admin":
    case "system":
      return everything;
    case "employer":
      return rules.employer?.(actor) ?? nothing;
    case "doctor":
      return rules.doctor?.(actor) ?? nothing;
    case "subject":
      return rules.subject?.(actor) ?? nothing;
  }
}

/** The person holding a link: the rows of their one referral, within its organisation. */
function subjectCase(
  actor: SubjectActor,
  referralId: AnyPgColumn,
  organisationId: AnyPgColumn,
): SQL {
  return and(eq(referralId, actor.referralId), eq(organisationId, actor.organisationId)) as SQL;
}

/** Open cases with an urgent safety flag: any doctor may reach the person. */
const urgentOpen = sql`(${referral.urgent} and ${referral.status} in ('in_progress', 'submitted', 'in_review'))`;

/**
 * A manager's referrals (docs/architecture.md §4): those they own (made, or were given by
 * reassignment), and those that name them as
 * an additional manager. Owners and HR administrators see every referral of the organisation.
 */
function ownReferrals(actor: EmployerActor, referralId: AnyPgColumn): SQL {
  return or(
    eq(referral.ownerId, actor.userId),
    sql`exists (select 1 from ${referralManager} where ${referralManager.referralId} = ${referralId} and ${referralManager.userId} = ${actor.userId})`,
  ) as SQL;
}

function seesAllReferrals(actor: EmployerActor): boolean {
  return teamCan(actor.memberRole, "referrals:all");
}

/**
 * Referrals: an employer their organisation's (a manager only their own); a doctor the queue
 * (nobody on it, in the states their actor carries as `queueStatuses`), their own cases in the states their actor carries (`caseStatuses`,
 * from the referral lifecycle) and every urgent open case; an administrator all; the person their one referral.
 */
export function visibleReferrals(scope: Scope | Actor): SQL {
  return rowsFor(scope, {
    employer: (actor) =>
      seesAllReferrals(actor)
        ? eq(referral.organisationId, actor.organisationId)
        : (and(
            eq(referral.organisationId, actor.organisationId),
            ownReferrals(actor, referral.id),
          ) as SQL),
    doctor: (actor) =>
      or(
        and(inArray(referral.status, [...actor.queueStatuses]), isNull(referral.assignedDoctorId)),
        and(
          eq(referral.assignedDoctorId, actor.userId),
          inArray(referral.status, [...actor.caseStatuses]),
        ),
        urgentOpen,
      ) as SQL,
    subject: (actor) => subjectCase(actor, referral.id, referral.organisationId),
  });
}

/**
 * Reports: an employer only released reports of their organisation (a manager only of their own
 * referrals); a doctor the reports they
 * write; an administrator and the system all; the person the report on their referral.
 */
export function visibleReports(scope: Scope | Actor): SQL {
  return rowsFor(scope, {
    employer: (actor) =>
      and(
        eq(report.organisationId, actor.organisationId),
        // Released at some version: an amendment in progress keeps the released one readable.
        isNotNull(report.releasedVersion),
        seesAllReferrals(actor)
          ? undefined
          : sql`exists (select 1 from ${referral} where ${referral.id} = ${report.referralId} and ${ownReferrals(actor, report.referralId)})`,
      ) as SQL,
    doctor: (actor) => eq(report.doctorId, actor.userId),
    subject: (actor) => subjectCase(actor, report.referralId, report.organisationId),
  });
}

/**
 * Orders, invoices and credit notes: billing is the organisation's owners' and HR
 * administrators', and the administrator's. A manager reaches only the orders they started, to
 * pay for their own referral; never an invoice or a credit note. The
 * person holding a link reaches the one order of their referral, so that declining consent can
 * close it; never an invoice or a credit note.
 */
export function visibleOrders(scope: Scope | Actor): SQL {
  const actor = actorOf(scope);
  if (actor.role === "subject")
    return and(
      eq(paymentOrder.organisationId, actor.organisationId),
      sql`${paymentOrder.grants}->>'referralId' = ${actor.referralId}`,
    ) as SQL;
  if (actor.role === "employer" && !teamCan(actor.memberRole, "billing:manage"))
    return and(
      eq(paymentOrder.organisationId, actor.organisationId),
      eq(paymentOrder.createdBy, actor.userId),
    ) as SQL;
  return billingRows(actor, paymentOrder.organisationId);
}

export function visibleInvoices(scope: Scope | Actor): SQL {
  return billingRows(actorOf(scope), invoice.organisationId);
}

export function visibleCreditNotes(scope: Scope | Actor): SQL {
  return billingRows(actorOf(scope), creditNote.organisationId);
}

function billingRows(actor: Actor, organisationColumn: AnyPgColumn): SQL {
  return organisationRows(actor, organisationColumn, "billing:manage");
}

/**
 * An organisation's rows of a table that is not a case's: the employer's own organisation's when
 * their role has `permission` (any role without one), all for an administrator and the system,
 * nothing for anyone else.
 */
function organisationRows(
  actor: Actor,
  organisationColumn: AnyPgColumn,
  permission?: TeamPermission,
): SQL {
  return rowsFor(actor, {
    employer: (employer) =>
      !permission || teamCan(employer.memberRole, permission)
        ? eq(organisationColumn, employer.organisationId)
        : nothing,
  });
}

/**
 * Members: an employer sees the people of the organisation they act for (every role: a manager
 * names colleagues on a referral); an administrator and the system all; nobody else.
 */
export function visibleMembers(scope: Scope | Actor): SQL {
  return organisationRows(actorOf(scope), member.organisationId);
}

/**
 * The management information's counts (docs/architecture.md, "Management information"): owners
 * read their organisation's, billing included; HR administrators the same without the billing
 * (owner '' rows); an administrator and the system all; nobody else any. A manager reads none:
 * their figures are of the referrals their list shows (owned or named on), which counts kept by
 * owner cannot give, so they are counted from those referrals (`ownReferralCounts`).
 */
export function visibleInsightCounts(scope: Scope | Actor): SQL {
  return rowsFor(scope, {
    employer: (actor) =>
      seesAllReferrals(actor)
        ? (and(
            eq(insightCount.organisationId, actor.organisationId),
            teamCan(actor.memberRole, "billing:manage")
              ? undefined
              : sql`${insightCount.ownerId} <> ''`,
          ) as SQL)
        : nothing,
  });
}

/** Team invitations: those who may see the team page, for their organisation; the system all. */
export function visibleTeamInvitations(scope: Scope | Actor): SQL {
  return organisationRows(actorOf(scope), teamInvitation.organisationId, "team:view");
}

/** API keys: owners and HR administrators, for their organisation; the system all (to authenticate). */
export function visibleApiKeys(scope: Scope | Actor): SQL {
  return organisationRows(actorOf(scope), apiKey.organisationId, "integrations:manage");
}

/** Webhook endpoints: as API keys, the organisation's integrations. */
export function visibleWebhookEndpoints(scope: Scope | Actor): SQL {
  return organisationRows(actorOf(scope), webhookEndpoint.organisationId, "integrations:manage");
}

/** Webhook deliveries and their log: as the endpoints they were for. */
export function visibleWebhookDeliveries(scope: Scope | Actor): SQL {
  return organisationRows(actorOf(scope), webhookDelivery.organisationId, "integrations:manage");
}

/**
 * Health data: the person's answers, the drafts, the doctor's clinical notes and the
 * consultations (docs/architecture.md §1: read only by the doctor on the case, the person it is
 * about and administrators; the employer sees only the released report). A doctor reaches a
 * case's health data where `visibleReferrals` lets them reach the case; each builder narrows that
 * for its table. The employer reaches none of it.
 */
function doctorCase(actor: Actor, referralId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${referral} where ${referral.id} = ${referralId} and ${visibleReferrals(actor)})`;
}

/** The person's answers: the doctor who may see the case, the person, administrators, the system. */
export function visibleQuestionnaireResponses(scope: Scope | Actor): SQL {
  return rowsFor(scope, {
    doctor: (actor) => doctorCase(actor, questionnaireResponse.referralId),
    subject: (actor) => eq(questionnaireResponse.referralId, actor.referralId),
  });
}

/** The drafts are the doctor's working material: never the person's, never the employer's. */
export function visibleDraftReports(scope: Scope | Actor): SQL {
  return rowsFor(scope, { doctor: (actor) => doctorCase(actor, draftReport.referralId) });
}

/**
 * The clinical notes: only the doctor the case is assigned to, and administrators (ADR 0011);
 * the system for the subject access export and erasure.
 */
export function visibleClinicalNotes(scope: Scope | Actor): SQL {
  return rowsFor(scope, {
    doctor: (actor) => assignedDoctorCase(actor, caseClinicalNote.referralId),
  });
}

/**
 * Consultations and their notes: the doctor who held one, or who may see its case; the person
 * the case is about; administrators and the system (which also opens the room's door to a person
 * holding its link, docs/video-consultations.md).
 */
export function visibleConsultations(scope: Scope | Actor): SQL {
  return rowsFor(scope, {
    doctor: (actor) =>
      or(
        eq(consultation.doctorId, actor.userId),
        doctorCase(actor, consultation.referralId),
      ) as SQL,
    subject: (actor) => eq(consultation.referralId, actor.referralId),
  });
}

/** The doctor the case is assigned to, where they may still see it. */
function assignedDoctorCase(actor: DoctorActor, referralId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${referral} where ${referral.id} = ${referralId} and ${referral.assignedDoctorId} = ${actor.userId} and ${visibleReferrals(actor)})`;
}

/** A referral the employer may see (a manager only their own): the case conversation's gate. */
function employerCase(actor: EmployerActor, referralId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${referral} where ${referral.id} = ${referralId} and ${visibleReferrals(actor)})`;
}

/**
 * Who reads a case conversation's messages and documents alike: the employer the employer's thread
 * of a case they may see, the doctor on the case both threads, the person what is theirs
 * (`personsThreadItems`).
 */
function threadItemsFor(scope: Scope | Actor, table: ThreadItems): SQL {
  return rowsFor(scope, {
    employer: (actor) =>
      and(eq(table.thread, "employer_doctor"), employerCase(actor, table.referralId)) as SQL,
    doctor: (actor) => assignedDoctorCase(actor, table.referralId),
    subject: (actor) => personsThreadItems(table, actor.referralId),
  });
}

/**
 * The case conversation's messages (docs/architecture.md §4, "The case conversation"): the
 * employer reads only the employer's thread of a case they may see; the doctor on the case reads
 * both threads; the person reads their own thread and the employer-thread messages the doctor
 * shared with them. Administrators and the system read all (the admin's case view, the subject
 * access export, erasure).
 */
export function visibleCaseMessages(scope: Scope | Actor): SQL {
  return threadItemsFor(scope, caseMessage);
}

/**
 * The case's documents: the employer reads what the organisation sent and what the doctor posted
 * in the employer's thread, never the person's; the doctor on the case reads all; the person reads
 * their own, the doctor's in their thread, and an employer's document only where the uploader
 * shared it with them.
 */
export function visibleCaseDocuments(scope: Scope | Actor): SQL {
  return threadItemsFor(scope, caseDocument);
}

/**
 * The earlier cases a follow-up's doctor may read (docs/architecture.md §4, "Follow-up
 * referrals"), as a condition on `referral`: the doctor is assigned to the follow-up
 * `followUpId` and may still see it, the person's latest consent on the follow-up let the doctor
 * see their earlier cases, and the earlier case is the same organisation's, about the same
 * e-mail address (case-insensitive), made before the follow-up. Nobody else reads a case this
 * way: the employer never, and an administrator reads every case through `visibleReferrals`.
 */
export function visibleEarlierCases(scope: Scope | Actor, followUpId: string): SQL {
  const actor = actorOf(scope);
  if (actor.role !== "doctor") return nothing;
  const followUp = alias(referral, "follow_up");
  // The follow-up under its alias; "referral" stays the earlier case the condition is ANDed into.
  return sql`exists (select 1 from ${referral} as ${sql.identifier("follow_up")} where ${followUp.id} = ${followUpId}
    and ${followUp.assignedDoctorId} = ${actor.userId}
    and ${inArray(followUp.status, [...actor.caseStatuses])}
    and ${followUp.organisationId} = ${referral.organisationId}
    and lower(trim(${followUp.subjectEmail})) = lower(trim(${referral.subjectEmail}))
    and ${referral.createdAt} < ${followUp.createdAt}
    and ${referral.id} <> ${followUp.id}
    and (select ${assessmentConsent.shareEarlierCases} from ${assessmentConsent}
      where ${assessmentConsent.referralId} = ${followUp.id}
      order by ${assessmentConsent.decidedAt} desc limit 1) is true)`;
}

/** The released reports of the earlier cases a follow-up's doctor may read (above). */
export function visibleEarlierReports(scope: Scope | Actor, followUpId: string): SQL {
  return sql`(${isNotNull(report.releasedVersion)} and exists (select 1 from ${referral} where ${referral.id} = ${report.referralId} and ${visibleEarlierCases(scope, followUpId)}))`;
}

/** The completed answers of the earlier cases a follow-up's doctor may read (above). */
export function visibleEarlierQuestionnaireResponses(
  scope: Scope | Actor,
  followUpId: string,
): SQL {
  return sql`(${questionnaireResponse.status} = 'completed' and exists (select 1 from ${referral} where ${referral.id} = ${questionnaireResponse.referralId} and ${visibleEarlierCases(scope, followUpId)}))`;
}

function actorOf(scope: Scope | Actor): Actor {
  return "actor" in scope ? scope.actor : scope;
}
