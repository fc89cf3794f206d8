import { ArrowLeftIcon } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { ConsultationPanel } from "~/components/consultations/consultation-panel.tsx";
import { recordNoShow, saveConsultationNotes } from "~/domain/consultations/after-call.server.ts";
import { cancelConsultation, offerConsultation } from "~/domain/consultations/booking.server.ts";
import {
  consultationPanelFormSchema,
  consultationPanelForms,
} from "~/domain/consultations/consultation-forms.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/case-consultation";
import { loadConsultationPanel } from "./consultation-panel.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(`Video consultation ${loaderData?.reference ?? ""}`);

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadConsultationPanel(context, params.referralId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const scope = currentScope(context);
  const submission = parseSubmission(await request.formData(), consultationPanelFormSchema);
  const intent = String(submission.payload.intent ?? "");
  if (submission.status !== "success") {
    if (!Object.hasOwn(consultationPanelForms, intent))
      return data({ error: "Unknown action.", refused: null }, { status: 400 });
    // The consultation's id is the page's own hidden field: one that does not read is not ours.
    if (submission.error?.consultationId) throw data("Not found", { status: 404 });
    return data({ error: null, refused: { intent, result: submission.reply() } }, { status: 400 });
  }
  const form = submission.value;
  try {
    if (form.intent === "offer")
      await offerConsultation(scope, { referralId: params.referralId, times: form.times });
    else if (form.intent === "cancel") await cancelConsultation(scope, form.consultationId);
    else if (form.intent === "notes")
      await saveConsultationNotes(scope, {
        consultationId: form.consultationId,
        notes: form.notes,
      });
    else
      await recordNoShow(scope, {
        consultationId: form.consultationId,
        newTimes: form.times,
      });
  } catch (error) {
    return refusalResponse(error, (refusal) => ({ error: refusal.message, refused: null }));
  }
  throw redirect(`/doctor/cases/${params.referralId}/consultation`);
}

export default function CaseConsultation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <Link
        to="/doctor-dashboard"
        className="flex w-fit items-center gap-1 text-primary text-sm underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> Back to the dashboard
      </Link>
      <div>
        <h1 className="font-semibold text-3xl tracking-tight">Video consultation</h1>
        <p className="mt-1 text-muted-foreground">
          {loaderData.reference} · {loaderData.subjectName}
        </p>
      </div>
      <ConsultationPanel
        data={{
          ...loaderData,
          error: actionData?.error ?? null,
          refused: actionData?.refused ?? null,
        }}
      />
    </div>
  );
}
