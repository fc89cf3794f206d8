import { CreditCardIcon, DownloadIcon, MailIcon, PencilIcon, PlusIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { ReportSections, ReportSignatureLines } from "~/components/reports/report-sections.tsx";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { focusLinkTo } from "~/components/ui/reveal-focus";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet";
import { toast } from "~/components/ui/toaster";
import type { ReferralQuestions } from "~/db/schema/referrals.ts";
import {
  type ReferralPaymentFacts,
  whatCancellingReturns,
} from "~/domain/billing/referral-payment.ts";
import { referralQuestionKeys, referralQuestionText } from "~/domain/referrals/referral-input.ts";
import type { ReferralPeople } from "~/domain/referrals/referral-people.ts";
import type { ReferralStatus } from "~/domain/referrals/states.ts";
import type { ReportSection } from "~/domain/reports/report-sections.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { DetailRow } from "./detail-row.tsx";
import { type DrawerAction, drawerStates } from "./referral-drawer-states.ts";
import { ReferralPeopleSection } from "./referral-people.tsx";
import { ReferralStatusBadge } from "./status-badge.tsx";

/** What the employer's drawer shows: what they wrote and where the case stands, never answers. */
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

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-base">{title}</h3>
      {children}
    </section>
  );
}

function ReminderButton({ referral }: { referral: ReferralDrawerData }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const sending = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok)
      toast.success("Reminder Sent", {
        description: `Reminder email sent to ${referral.subjectName} with assessment code and link`,
      });
    else toast.error("Reminder not sent", { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data, referral.subjectName]);
  return (
    <fetcher.Form method="post" action={`/employer-referrals/${referral.id}/remind`}>
      <OrganisationField />
      <Button
        type="submit"
        variant="outline"
        disabled={sending || !referral.canRemind}
        className="w-full sm:w-auto"
      >
        <MailIcon aria-hidden="true" />
        {sending ? "Sending..." : "Send Reminder"}
      </Button>
    </fetcher.Form>
  );
}

function CancelReferralButton({ referral }: { referral: ReferralDrawerData }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok)
      toast.error("Referral not cancelled", { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghostDestructive">
          Cancel referral
        </Button>
      }
      title={`Cancel referral ${referral.reference}?`}
      description={`${referral.subjectName}'s link will stop working at once. This cannot be undone.`}
      details={
        <p className="font-medium" data-testid="cancel-returns">
          {whatCancellingReturns(referral.payment)}
        </p>
      }
      cancelLabel="Keep referral"
    >
      <fetcher.Form method="post" action={`/employer-referrals/${referral.id}/cancel`}>
        <OrganisationField />
        <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Cancelling..." : "Cancel referral"}
        </Button>
      </fetcher.Form>
    </ConfirmDialog>
  );
}

/**
 * The seed's ?viewReferral= / ?viewReport= links: the loader's drawer data is kept in state, then
 * the query is removed with a replace navigation, as the seed describes.
 */
export function useReferralDrawer(loaded: ReferralDrawerData | "not_found" | null) {
  const [open, setOpen] = useState<ReferralDrawerData | null>(
    loaded === "not_found" ? null : loaded,
  );
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!loaded) return;
    if (loaded === "not_found")
      toast.error("Referral not found", {
        description: "No referral of your organisation has that reference.",
      });
    else setOpen(loaded);
    const params = new URLSearchParams(location.search);
    if (!params.has("viewReferral") && !params.has("viewReport")) return;
    params.delete("viewReferral");
    params.delete("viewReport");
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "" },
      { replace: true, preventScrollReset: true },
    );
  }, [loaded, location.pathname, location.search, navigate]);
  return { referral: open, close: () => setOpen(null) };
}

export function ReferralDrawer({
  referral,
  onClose,
}: {
  referral: ReferralDrawerData | null;
  onClose: () => void;
}) {
  // The reference outlives the close (referral turns null first), to give focus back to its
  // link: the employer's links name a referral by its reference.
  const location = useLocation();
  const shown = useRef<{ hrefPart: string; openedOn: string } | null>(null);
  if (referral) shown.current = { hrefPart: referral.reference, openedOn: location.pathname };
  return (
    <Sheet open={referral !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        side="bottom"
        className="mx-auto w-full max-w-3xl"
        onCloseAutoFocus={(event) => {
          if (shown.current) focusLinkTo(event, shown.current);
        }}
        // The drawer opens on its heading, not on its first control, which may be "Cancel
        // referral": a destructive action must not be one key press away. A screen reader reads
        // the heading, and Tab goes on into the drawer.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          document.querySelector<HTMLElement>("[data-drawer-heading]")?.focus();
        }}
      >
        {referral ? <DrawerContent referral={referral} onClose={onClose} /> : null}
      </SheetContent>
    </Sheet>
  );
}

function PayNowButton({ referral }: { referral: ReferralDrawerData }) {
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

function newReferralPath(referral: ReferralDrawerData) {
  return referral.type === "pre_employment"
    ? "/pre-employment-referral"
    : "/employer-referral?type=management";
}

/** The footer's buttons: the state table's actions, as far as the server allows them now. */
function DrawerActions({
  referral,
  actions,
}: {
  referral: ReferralDrawerData;
  actions: readonly DrawerAction[];
}) {
  return (
    <>
      {actions.includes("cancel") && referral.canCancel ? (
        <CancelReferralButton referral={referral} />
      ) : null}
      {actions.includes("remind") && referral.canRemind ? (
        <ReminderButton referral={referral} />
      ) : null}
      {actions.includes("newReferral") ? (
        <Button asChild variant="outline">
          <Link to={newReferralPath(referral)}>
            <PlusIcon aria-hidden="true" />
            New referral
          </Link>
        </Button>
      ) : null}
      {actions.includes("edit") && referral.type === "management" ? (
        <Button asChild variant="outline">
          <Link to={`/employer-referral/${referral.reference}`}>
            <PencilIcon aria-hidden="true" />
            Edit draft
          </Link>
        </Button>
      ) : null}
      {actions.includes("payNow") ? <PayNowButton referral={referral} /> : null}
    </>
  );
}

function DrawerContent({
  referral,
  onClose,
}: {
  referral: ReferralDrawerData;
  onClose: () => void;
}) {
  const state = drawerStates[referral.status];
  const facts = {
    subjectName: referral.subjectName,
    payment: referral.payment,
    cancelRefusal: referral.cancelRefusal,
  };
  const report = state.showsReport ? referral.report : null;
  const selected = referralQuestionKeys.filter((key) => referral.questions?.[key]);
  const risks = [
    referral.drivingRequired && "Driving",
    referral.nightShifts && "Night shifts",
    referral.loneWorking && "Lone working",
    referral.safetyCritical && "Safety-critical duties",
  ].filter(Boolean) as string[];
  // Once the case is under way and cannot be cancelled, say why beside where it stands.
  const showRefusal =
    referral.cancelRefusal !== null &&
    ["submitted", "in_review", "awaiting_subject"].includes(referral.status);
  return (
    <>
      <SheetHeader>
        {/* Radix names the dialog by the title's own id, so it is marked, not re-identified. */}
        <SheetTitle data-drawer-heading tabIndex={-1} className="outline-none">
          {report
            ? `Assessment Report: ${referral.reference}`
            : `Referral Details: ${referral.reference}`}
        </SheetTitle>
        <SheetDescription>
          {referral.subjectName} · {referral.issue}
        </SheetDescription>
        <div className="flex flex-wrap items-center gap-3 pt-1 text-sm">
          <ReferralStatusBadge status={referral.status} />
          {referral.consultationBooked ? (
            <Badge variant="info" data-testid="consultation-booked">
              Consultation booked
            </Badge>
          ) : null}
          <span className="text-muted-foreground">
            Created on {formatLongDate(referral.createdAt)}
          </span>
        </div>
      </SheetHeader>
      <SheetBody className="space-y-6">
        <section
          className="space-y-2 rounded-lg border bg-muted/40 p-4"
          data-testid="drawer-state"
          aria-labelledby="drawer-state-heading"
        >
          <h3 id="drawer-state-heading" className="font-semibold text-base">
            {state.heading}
          </h3>
          <p>{state.message(facts)}</p>
          <p className="text-muted-foreground text-sm">{state.next(facts)}</p>
          {showRefusal ? (
            <p className="text-muted-foreground text-sm">{referral.cancelRefusal}</p>
          ) : null}
        </section>
        {report ? (
          <div data-testid="drawer-report" className="space-y-6">
            {/* The person's statement follows the doctor's signature, as in the PDF. */}
            <ReportSections
              sections={report.sections.filter((s) => s.id !== "subject-statement")}
              headingLevel={3}
            />
            <Section title="Consulting Doctor">
              <ReportSignatureLines lines={report.signature} />
            </Section>
            {report.sections.some((s) => s.id === "subject-statement") ? (
              <ReportSections
                sections={report.sections.filter((s) => s.id === "subject-statement")}
                headingLevel={3}
              />
            ) : null}
          </div>
        ) : (
          <>
            <Section title="Employee Details">
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
              <Section title="Role Details">
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
                <Section title="Referral Details">
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
                <Section title="Assessment Questions">
                  {selected.length === 0 ? (
                    <p className="text-muted-foreground">No assessment questions were selected.</p>
                  ) : (
                    <ul className="list-disc space-y-1 pl-5">
                      {selected.map((key) => (
                        <li key={key}>{referralQuestionText[key]}</li>
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
        />
      </SheetBody>
      <SheetFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DrawerActions referral={referral} actions={state.actions} />
        <Button type="button" variant="ghost" onClick={onClose}>
          Close
        </Button>
        {report && state.actions.includes("downloadReport") ? (
          <Button asChild>
            <a href={report.pdfUrl} download>
              <DownloadIcon aria-hidden="true" />
              Download PDF
            </a>
          </Button>
        ) : null}
      </SheetFooter>
    </>
  );
}
