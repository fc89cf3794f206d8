import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { creditNote, invoice, paymentOrder, referral, report } from "~/db/schema/index.ts";
import { doctorVisibleStatuses } from "~/domain/doctor/doctor-queue.ts";
import type { Actor } from "./actor.ts";
import type { Scope } from "./scope.ts";

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

/** Open cases with an urgent safety flag: any doctor may reach the person. */
const urgentOpen = sql`(${referral.urgent} and ${referral.status} in ('in_progress', 'submitted', 'in_review'))`;

/**
 * Referrals: an employer their organisation's; a doctor the queue (submitted, nobody on it), their
 * own cases and every urgent open case; an administrator all; the person their one referral.
 */
export function visibleReferrals(scope: Scope | Actor): SQL {
  const actor = actorOf(scope);
  switch (actor.role) {
    case "employer":
      return eq(referral.organisationId, actor.organisationId);
    case "doctor":
      return or(
        and(eq(referral.status, "submitted"), isNull(referral.assignedDoctorId)),
        and(
          eq(referral.assignedDoctorId, actor.userId),
          inArray(referral.status, [...doctorVisibleStatuses]),
        ),
        urgentOpen,
      ) as SQL;
    case "admin":
    case "system":
      return sql`true`;
    case "subject":
      return and(
        eq(referral.id, actor.referralId),
        eq(referral.organisationId, actor.organisationId),
      ) as SQL;
  }
}

/**
 * Reports: an employer only released reports of their organisation; a doctor the reports they
 * write; an administrator and the system all; the person the report on their referral.
 */
export function visibleReports(scope: Scope | Actor): SQL {
  const actor = actorOf(scope);
  switch (actor.role) {
    case "employer":
      return and(
        eq(report.organisationId, actor.organisationId),
        eq(report.status, "released"),
      ) as SQL;
    case "doctor":
      return eq(report.doctorId, actor.userId);
    case "admin":
    case "system":
      return sql`true`;
    case "subject":
      return and(
        eq(report.referralId, actor.referralId),
        eq(report.organisationId, actor.organisationId),
      ) as SQL;
  }
}

/**
 * Orders, invoices and credit notes: billing is the organisation's, and the administrator's. The
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
  return billingRows(actor, paymentOrder.organisationId);
}

export function visibleInvoices(scope: Scope | Actor): SQL {
  return billingRows(actorOf(scope), invoice.organisationId);
}

export function visibleCreditNotes(scope: Scope | Actor): SQL {
  return billingRows(actorOf(scope), creditNote.organisationId);
}

function billingRows(actor: Actor, organisationColumn: AnyPgColumn): SQL {
  switch (actor.role) {
    case "employer":
      return eq(organisationColumn, actor.organisationId);
    case "admin":
    case "system":
      return sql`true`;
    default:
      return nothing;
  }
}

function actorOf(scope: Scope | Actor): Actor {
  return "actor" in scope ? scope.actor : scope;
}
