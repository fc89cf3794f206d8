import { CreditCardIcon, DownloadIcon, PencilIcon, PlusIcon, RepeatIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import {
  ReportSignatureLines,
  SignedReportSections,
} from "~/components/reports/report-sections.tsx";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { ReferralPaymentFacts } from "~/domain/billing/referral-payment.ts";
import { followUpPath } from "~/domain/referrals/follow-up.ts";
import { lifecycle, type ReferralStatus } from "~/domain/referrals/lifecycle.ts";
import {
  askedQuestions,
  questionText,
  type ReferralQuestions,
} from "~/domain/referrals/management-questions.ts";
import type { ReferralPeople } from "~/domain/referrals/referral-people.ts";
import type { ReportSection } from "~/domain/reports/report-sections.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { DetailRow } from "./detail-row.tsx";
import { type DrawerAction, drawerStates } from "./referral-drawer-states.ts";
import { ReferralPeopleSection } from "./referral-people.tsx";
import { ReferralStatusBadge } from "./status-badge.tsx";

/*
 * One referral as the employer reads it, in two places drawn from these parts: its own page
 * (/employer-referrals/:referralId, which works without JavaScript) and the drawer that shows the
 * same over the dashboard or the list once scripts run.
 */

/** What the employer's page and drawer show: what they wrote and where the case stands, never answers. */
export interface ReferralDrawerData {
  id: string;
  reference: string;
  type: "pre_employment" | "management";
  status: ReferralStatus;
  subjectName: string;
  subjectEmail: string;
  issue: string;
  createdAt: string | Date;
  jobRole: string | null;
  drivingRequired: boolean;
  nightShifts: boolean;
  loneWorking: boolean;
  safetyCritical: boolean;
  conditionalOfferDate: string | null;
  reason: string | null;
  jobDetails: string | null;
  existingAdjustments: string | null;
  questions: ReferralQuestions | null;
  canRemind: boolean;
  /** A video consultation is booked; the employer learns nothing more about it. */
  consultationBooked?: boolean;
  /** Before the subject submits (docs/architecture.md §4). */
  canCancel: boolean;
  /** Why it can no longer be cancelled, when it cannot. */
  cancelRefusal: string | null;
  /** An expired case whose invitation may still be sent again (docs/architecture.md §4). */
  canReinvite: boolean;
  /** The last moment for that, while it may. */
  reinviteUntil: string | Date | null;
  /** A complete case not yet closed with no further action. */
  canClose: boolean;
  /** When the employer closed a complete case with no further action; null otherwise. */
  closedAt: string | Date | null;
  payment: ReferralPaymentFacts;
  /** The released report of a complete referral, as the person agreed to release it. */
  report: null | {
    reference: string;
    fitness: string;
    sections: ReportSection[];
    /** Name, qualifications, GMC number and signing date (signatureLines in report-header.ts). */
    signature: string[];
    releasedAt: string | null;
    pdfUrl: string;
  };
  /** Its owner, maker and named managers, and who may change them. */
  people: ReferralPeople;
}

type HeadingLevel = 2 | 3;

/**
 * The released report, in the states whose page shows it: complete, or during an amendment, when
 * the server found a released version to read (it looks only where the employer may view one).
 */
export function shownReport(referral: ReferralDrawerData) {
  return drawerStates[referral.status].showsReport || referral.report ? referral.report : null;
}

/**
 * Whether the drawer and the referral's page offer an action now: the state table's actions, as
 * far as the server allows them (its can- flags); editing is a management referral's only.
 */
export function offersAction(referral: ReferralDrawerData, action: DrawerAction): boolean {
  if (!drawerStates[referral.status].actions.includes(action)) return false;
  switch (action) {
    case "cancel":
      return referral.canCancel;
    case "remind":
      return referral.canRemind;
    case "reinvite":
      return referral.canReinvite;
    case "close":
      return referral.canClose;
    case "edit":
      return referral.type === "management";
    default:
      return true;
  }
}

/** The page's or the drawer's title: the report once it is released, else the referral. */
export function referralTitle(referral: ReferralDrawerData): string {
  return shownReport(referral)
    ? `Assessment Report: ${referral.reference}`
    : `Referral Details: ${referral.reference}`;
}

/** Status, a booked consultation, and when it was made. */
export function ReferralFacts({ referral }: { referral: ReferralDrawerData }) {
  return (
    <div className="flex flex-wrap items-center gap-3 pt-1 text-sm">
      <ReferralStatusBadge status={referral.status} />
      {referral.closedAt ? <ClosedBadge /> : null}
      {referral.consultationBooked ? (
        <Badge variant="info" data-testid="consultation-booked">
          Consultation booked
        </Badge>
      ) : null}
      <span className="text-muted-foreground">Created on {formatLongDate(referral.createdAt)}</span>
      {/* The person's other cases (docs/architecture.md §4, "The person's history"). */}
      <Link
        to={`/employer-people/${referral.id}/history`}
        className="font-medium text-primary underline underline-offset-4"
        data-testid="person-history-link"
      >
        History
      </Link>
    </div>
  );
}

/**
 * A complete case the employer closed: beside its status on its page and drawer, and in the list
 * (`short`, where the column is narrow).
 */
export function ClosedBadge({ short = false }: { short?: boolean }) {
  return (
    <Badge variant="outline" data-testid="closed-badge">
      {short ? "Closed" : "Closed: no further action"}
    </Badge>
  );
}

function Section({
  title,
  level,
  children,
}: {
  title: string;
  level: HeadingLevel;
  children: React.ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className="space-y-2">
      <Heading className="font-semibold text-base">{title}</Heading>
      {children}
    </section>
  );
}

/**
 * Where the referral stands and what comes next, then the released report or what the employer
 * wrote, then its people; the sections' headings at the given level (3 under the drawer's title,
 * 2 under the page's).
 */
export function ReferralDetails({
  referral,
  headingLevel,
}: {
  referral: ReferralDrawerData;
  headingLevel: HeadingLevel;
}) {
  const state = drawerStates[referral.status];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const facts = {
    subjectName: referral.subjectName,
    payment: referral.payment,
    cancelRefusal: referral.cancelRefusal,
    amending: referral.report !== null && !drawerStates[referral.status].showsReport,
    reinviteUntil: referral.reinviteUntil,
    closedAt: referral.closedAt,
  };
  const report = shownReport(referral);
  const selected = askedQuestions(referral.questions);
  const risks = [
    referral.drivingRequired && "Driving",
    referral.nightShifts && "Night shifts",
    referral.loneWorking && "Lone working",
    referral.safetyCritical && "Safety-critical duties",
  ].filter(Boolean) as string[];
  // Once the case is under way and cannot be cancelled, say why beside where it stands.
  const showRefusal = referral.cancelRefusal !== null && lifecycle[referral.status].active;
  return (
    <>
      <section
        className="space-y-2 rounded-lg border bg-muted/40 p-4"
        data-testid="drawer-state"
        aria-labelledby="drawer-state-heading"
      >
        <Heading id="drawer-state-heading" className="font-semibold text-base">
          {state.heading}
        </Heading>
        <p>{state.message(facts)}</p>
        <p className="text-muted-foreground text-sm">{state.next(facts)}</p>
        {showRefusal ? (
          <p className="text-muted-foreground text-sm">{referral.cancelRefusal}</p>
        ) : null}
      </section>
      {report ? (
        <div data-testid="drawer-report" className="space-y-6">
          <SignedReportSections
            sections={report.sections}
            headingLevel={headingLevel}
            signature={
              <Section level={headingLevel} title="Consulting Doctor">
                <ReportSignatureLines lines={report.signature} />
              </Section>
            }
          />
        </div>
      ) : (
        <>
          <Section level={headingLevel} title="Employee Details">
            <dl className="space-y-2">
              <DetailRow label="Referral ID" value={referral.reference} empty="N/A" />
              <DetailRow
                label={referral.type === "pre_employment" ? "Candidate Name" : "Employee Name"}
                value={referral.subjectName}
                empty="N/A"
              />
              <DetailRow
                label={referral.type === "pre_employment" ? "Candidate Email" : "Employee Email"}
                value={referral.subjectEmail}
                empty="N/A"
              />
            </dl>
          </Section>
          {referral.type === "pre_employment" ? (
            <Section level={headingLevel} title="Role Details">
              <dl className="space-y-2">
                <DetailRow label="Job Role" value={referral.jobRole} />
                <DetailRow label="Role Requirements" value={risks.join(", ")} empty="None" />
                <DetailRow
                  label="Conditional Offer Date"
                  value={
                    referral.conditionalOfferDate
                      ? formatLongDate(referral.conditionalOfferDate)
                      : null
                  }
                />
              </dl>
            </Section>
          ) : (
            <>
              <Section level={headingLevel} title="Referral Details">
                <dl className="space-y-2">
                  <DetailRow label="Reason for Referral" value={referral.reason} />
                  <DetailRow label="Job Details" value={referral.jobDetails} />
                  <DetailRow
                    label="Existing Adjustments"
                    value={referral.existingAdjustments}
                    empty="None"
                  />
                </dl>
              </Section>
              <Section level={headingLevel} title="Assessment Questions">
                {selected.length === 0 ? (
                  <p className="text-muted-foreground">No assessment questions were selected.</p>
                ) : (
                  <ul className="list-disc space-y-1 pl-5">
                    {selected.map((key) => (
                      <li key={key}>{questionText(key)}</li>
                    ))}
                  </ul>
                )}
              </Section>
            </>
          )}
        </>
      )}
      <ReferralPeopleSection
        // A change comes back as new data: start the forms again from it.
        key={[referral.people.owner.userId, ...referral.people.named.map((p) => p.userId)].join()}
        people={referral.people}
        headingLevel={headingLevel}
      />
    </>
  );
}

/** The released report's PDF, from the drawer or the referral's own page. */
export function DownloadReportButton({ pdfUrl }: { pdfUrl: string }) {
  return (
    <Button asChild>
      <a href={pdfUrl} download>
        <DownloadIcon aria-hidden="true" />
        Download PDF
      </a>
    </Button>
  );
}

export function PayNowButton({ referral }: { referral: ReferralDrawerData }) {
  return (
    <Form method="post" action={`/employer-referrals/${referral.id}/pay`}>
      <OrganisationField />
      <Button type="submit" className="w-full sm:w-auto">
        <CreditCardIcon aria-hidden="true" />
        Pay now
      </Button>
    </Form>
  );
}

/** A new referral of the same kind: the drawer's and the referral page's action. */
export function NewReferralLink({ referral }: { referral: ReferralDrawerData }) {
  const to =
    referral.type === "pre_employment"
      ? "/pre-employment-referral"
      : "/employer-referral?type=management";
  return (
    <Button asChild variant="outline">
      <Link to={to}>
        <PlusIcon aria-hidden="true" />
        New referral
      </Link>
    </Button>
  );
}

/**
 * A follow-up of a case whose report was released (docs/architecture.md §4, "Follow-up
 * referrals"): the management form, pre-filled from this case. The drawer's and the page's action.
 */
export function FollowUpLink({ referral }: { referral: ReferralDrawerData }) {
  if (!referral.report) return null;
  return (
    <Button asChild className="w-full sm:w-auto">
      <Link to={followUpPath(referral.id)}>
        <RepeatIcon aria-hidden="true" />
        Refer for a follow-up
      </Link>
    </Button>
  );
}

/** The management referral's draft form: the drawer's and the referral page's action. */
export function EditDraftLink({ referral }: { referral: ReferralDrawerData }) {
  return (
    <Button asChild variant="outline">
      <Link to={`/employer-referral/${referral.reference}`}>
        <PencilIcon aria-hidden="true" />
        Edit draft
      </Link>
    </Button>
  );
}
