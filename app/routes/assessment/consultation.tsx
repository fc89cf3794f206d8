import { getFormProps } from "@conform-to/react";
import { CalendarClockIcon } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { formatConsultationTime } from "~/components/consultations/consultation-time.ts";
import { RadioFieldset } from "~/components/forms/radio-choices.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import {
  cancelConsultation,
  openConsultationForReferral,
  pickConsultationTime,
  requestOtherTimes,
} from "~/domain/consultations/booking.server.ts";
import {
  subjectConsultationFormSchema,
  subjectConsultationForms,
} from "~/domain/consultations/consultation-forms.ts";
import { ROOM_OPENS_BEFORE_MS } from "~/domain/consultations/timing.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import type { Route } from "./+types/consultation";
import { requireAssessmentLink } from "./link.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Your video consultation | ReferOH" }];

/** The subject's side of the consultation, through their link: choose a time, change or cancel, join. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope } = await requireAssessmentLink(context, params.token);
  const open = await openConsultationForReferral(scope);
  // The scope's time, the one joining the room is judged by (join.server.ts).
  const now = scope.now.getTime();
  return {
    consultation: open
      ? {
          id: open.consultation.id,
          status: open.consultation.status,
          startsAt: open.consultation.startsAt?.toISOString() ?? null,
          roomOpen:
            open.consultation.status === "booked" &&
            !!open.consultation.startsAt &&
            now >= open.consultation.startsAt.getTime() - ROOM_OPENS_BEFORE_MS,
        }
      : null,
    offers:
      open?.offers
        .filter((o) => o.startsAt.getTime() > now)
        .map((o) => ({ id: o.id, startsAt: o.startsAt.toISOString() })) ?? [],
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope } = await requireAssessmentLink(context, params.token);
  const submission = parseSubmission(await request.formData(), subjectConsultationFormSchema);
  if (submission.status !== "success") {
    if (!Object.hasOwn(subjectConsultationForms, String(submission.payload.intent ?? "")))
      return data({ error: "Unknown action.", result: null }, { status: 400 });
    // The consultation's id is the page's own hidden field: one that does not read is not ours.
    if (submission.error?.consultationId) throw data("Not found", { status: 404 });
    const result = submission.reply();
    return data(
      { error: Object.values(result.error ?? {})[0]?.[0] ?? null, result },
      { status: 400 },
    );
  }
  const form = submission.value;
  try {
    if (form.intent === "pick")
      await pickConsultationTime(scope, {
        consultationId: form.consultationId,
        offerId: form.offerId,
      });
    else if (form.intent === "other-times") await requestOtherTimes(scope, form.consultationId);
    else await cancelConsultation(scope, form.consultationId);
  } catch (error) {
    return refusalResponse(error, (refusal) => ({ error: refusal.message, result: null }), {
      notFound: "inline",
    });
  }
  throw redirect(`/assessment/${params.token}/consultation`);
}

export default function SubjectConsultation({
  loaderData,
  actionData,
  params,
}: Route.ComponentProps) {
  const { consultation, offers } = loaderData;
  const offerTimes = new Map(
    offers.map((o) => [o.id, formatConsultationTime(new Date(o.startsAt))]),
  );
  // Both buttons send this form: the union reads the one pressed, as the action does.
  const booking = useSentForm(
    {
      id: "consultation-booking",
      schema: subjectConsultationFormSchema,
      lastResult: actionData?.result,
    },
    { offerId: "offerId" },
  );
  return (
    <div className="grid max-w-prose gap-6">
      <h1 className="font-semibold text-3xl leading-tight">Your video consultation</h1>
      <ErrorSummary errors={booking.summary} />
      {actionData?.error && !actionData.result ? (
        <p role="alert" className="rounded-md border border-destructive border-l-4 px-3 py-2">
          {actionData.error}
        </p>
      ) : null}
      {!consultation ? (
        <p data-testid="consultation-state">
          There is no video consultation arranged at the moment. If your doctor offers one, we will
          e-mail you.
        </p>
      ) : consultation.status === "offered" ? (
        <>
          <p>
            The occupational health doctor would like to speak with you by video for about 30
            minutes. Choose the time that suits you. All times are UK time.
          </p>
          <Form method="post" {...getFormProps(booking.form)} noValidate className="grid gap-4">
            <input type="hidden" name="consultationId" value={consultation.id} />
            <RadioFieldset
              name="offerId"
              legend="Times offered"
              error={booking.errorOf("offerId")}
              values={offers.map((o) => o.id)}
              checked={offers[0]?.id}
              label={(id) => offerTimes.get(id) ?? ""}
            />
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button type="submit" name="intent" value="pick" size="lg">
                Book this time
              </Button>
              <Button
                type="submit"
                name="intent"
                value="other-times"
                variant="outline"
                size="lg"
                formNoValidate
              >
                None of these suit me
              </Button>
            </div>
          </Form>
        </>
      ) : consultation.status === "times_requested" ? (
        <p data-testid="consultation-state">
          We have asked the doctor for other times. We will e-mail you when new times are offered.
        </p>
      ) : consultation.startsAt ? (
        <>
          <p className="flex items-center gap-2 text-lg" data-testid="consultation-state">
            <CalendarClockIcon aria-hidden="true" className="size-5" />
            Booked for {formatConsultationTime(new Date(consultation.startsAt))}
          </p>
          <p>
            Join from a quiet, private place on a device with a camera and microphone. The room
            opens 30 minutes before the start. Nothing is recorded.
          </p>
          {consultation.roomOpen ? (
            <Button asChild size="lg" className="w-fit">
              <Link
                to={`/consultation/${consultation.id}?token=${encodeURIComponent(params.token)}`}
                reloadDocument
              >
                Join the video consultation
              </Link>
            </Button>
          ) : null}
          <Form method="post" className="flex flex-col gap-3 sm:flex-row">
            <input type="hidden" name="consultationId" value={consultation.id} />
            <Button type="submit" name="intent" value="other-times" variant="outline">
              Change the time
            </Button>
            <Button type="submit" name="intent" value="cancel" variant="outline">
              Cancel the consultation
            </Button>
          </Form>
        </>
      ) : null}
    </div>
  );
}
