import { MailIcon } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { type Link, useFetcher, useLocation } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { DrawerLink } from "~/components/drawer-link.tsx";
import { RecordSheet, RecordSheetParts } from "~/components/record-sheet.tsx";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { toast } from "~/components/ui/toaster";
import { useRemoveQueryParams } from "~/components/use-remove-query-params.ts";
import {
  type CaseConfirmation,
  cancelWording,
  closeConfirmation,
  reinviteConfirmation,
} from "./referral-confirmations.ts";
import {
  DownloadReportButton,
  EditDraftLink,
  FollowUpLink,
  NewReferralLink,
  offersAction,
  PayNowButton,
  ReferralDetails,
  type ReferralDrawerData,
  ReferralFacts,
  referralTitle,
  shownReport,
} from "./referral-details.tsx";
import type { DrawerAction } from "./referral-drawer-states.ts";

/**
 * A link to a referral's own page (/employer-referrals/:reference), which works without
 * JavaScript; with JavaScript a plain click opens the drawer over the current page instead
 * (`?viewReferral=`, keeping the page's other parameters).
 */
export function ReferralLink({
  reference,
  ...props
}: Omit<ComponentProps<typeof Link>, "to"> & { reference: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("viewReferral", reference);
  return (
    <DrawerLink
      {...props}
      to={`/employer-referrals/${encodeURIComponent(reference)}`}
      drawer={`?${params}`}
    />
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
  useRefusalToast(fetcher, "Referral not cancelled");
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghostDestructive">
          Cancel referral
        </Button>
      }
      title={cancelWording.title(referral)}
      description={cancelWording.description(referral)}
      details={
        <p className="font-medium" data-testid="cancel-returns">
          {cancelWording.returns(referral)}
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

/** A refused POST of a drawer's fetcher form says why in a toast; success redirects. */
function useRefusalToast(
  fetcher: ReturnType<typeof useFetcher<{ ok: boolean; message?: string }>>,
  title: string,
) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok)
      toast.error(title, { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data, title]);
}

/**
 * A case action taken after its confirmation dialog: an expired case invited again, a complete
 * one closed with no further action. The dialog says what referral-confirmations.ts says, as the
 * referral's own page does, and its form posts to the action's route; a refusal is told in a
 * toast.
 */
function ConfirmedCaseAction({
  referral,
  confirmation,
}: {
  referral: ReferralDrawerData;
  confirmation: CaseConfirmation;
}) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  useRefusalToast(fetcher, confirmation.refused);
  const busy = fetcher.state !== "idle";
  const { Icon, label, variant } = confirmation.trigger;
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant={variant} className="w-full sm:w-auto">
          <Icon aria-hidden="true" />
          {label}
        </Button>
      }
      title={confirmation.title(referral)}
      description={confirmation.description(referral)}
      details={<p className="font-medium">{confirmation.details(referral)}</p>}
      cancelLabel={confirmation.back}
    >
      <fetcher.Form
        method="post"
        action={`/employer-referrals/${referral.id}/${confirmation.intent}`}
      >
        <OrganisationField />
        <Button type="submit" disabled={busy}>
          {busy ? confirmation.busy : confirmation.confirm}
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
  const removeQueryParams = useRemoveQueryParams();
  useEffect(() => {
    if (!loaded) return;
    if (loaded === "not_found")
      toast.error("Referral not found", {
        description: "No referral of your organisation has that reference.",
      });
    else setOpen(loaded);
    removeQueryParams(["viewReferral", "viewReport"]);
  }, [loaded, removeQueryParams]);
  return { referral: open, close: () => setOpen(null) };
}

export function ReferralDrawer({
  referral,
  onClose,
}: {
  referral: ReferralDrawerData | null;
  onClose: () => void;
}) {
  return (
    <RecordSheet
      linkHrefPart={referral?.reference ?? null}
      onClose={onClose}
      side="bottom"
      className="mx-auto w-full max-w-3xl"
    >
      {referral ? <DrawerContent referral={referral} onClose={onClose} /> : null}
    </RecordSheet>
  );
}

/** The footer's buttons: those the referral offers now (offersAction). */
function DrawerActions({ referral }: { referral: ReferralDrawerData }) {
  const offers = (action: DrawerAction) => offersAction(referral, action);
  return (
    <>
      {offers("cancel") ? <CancelReferralButton referral={referral} /> : null}
      {offers("remind") ? <ReminderButton referral={referral} /> : null}
      {offers("close") ? (
        <ConfirmedCaseAction referral={referral} confirmation={closeConfirmation} />
      ) : null}
      <FollowUpLink referral={referral} />
      {offers("newReferral") ? <NewReferralLink referral={referral} /> : null}
      {offers("reinvite") ? (
        <ConfirmedCaseAction referral={referral} confirmation={reinviteConfirmation} />
      ) : null}
      {offers("edit") ? <EditDraftLink referral={referral} /> : null}
      {offers("payNow") ? <PayNowButton referral={referral} /> : null}
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
  const report = shownReport(referral);
  return (
    <RecordSheetParts
      title={referralTitle(referral)}
      subjectName={referral.subjectName}
      issue={referral.issue}
      facts={
        <div className="pt-1">
          <ReferralFacts referral={referral} />
        </div>
      }
      // Wraps: a complete case offers up to five buttons, more than a zoomed window's width.
      actionsClassName="flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end"
      actions={
        <>
          <DrawerActions referral={referral} />
          <Button type="button" variant="ghost" onClick={onClose}>
            Close
          </Button>
          {report && offersAction(referral, "downloadReport") ? (
            <DownloadReportButton pdfUrl={report.pdfUrl} />
          ) : null}
        </>
      }
    >
      <ReferralDetails referral={referral} headingLevel={3} />
    </RecordSheetParts>
  );
}
