import { ArrowLeftIcon } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { ConsultationPanel } from "~/components/consultations/consultation-panel.tsx";
import { recordNoShow, saveConsultationNotes } from "~/domain/consultations/after-call.server.ts";
import { cancelConsultation, offerConsultation } from "~/domain/consultations/booking.server.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { formUuid } from "~/middleware/edge.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/case-consultation";
import { loadConsultationPanel } from "./consultation-panel.server.ts";
import { consultationMailDeps } from "./mail-deps.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Video consultation ${loaderData?.reference ?? ""} | ReferOH` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadConsultationPanel(context, params.referralId);
}

function times(form: FormData): Date[] {
  return form
    .getAll("times")
    .map((v) => new Date(String(v)))
    .filter((d) => !Number.isNaN(d.getTime()));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const scope = currentScope(context);
  const deps = consultationMailDeps(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const consultationId = intent === "offer" ? "" : formUuid(form, "consultationId");
  try {
    if (intent === "offer")
      await offerConsultation(scope, deps, { referralId: params.referralId, times: times(form) });
    else if (intent === "cancel") await cancelConsultation(scope, deps, consultationId);
    else if (intent === "notes")
      await saveConsultationNotes(scope, {
        consultationId,
        notes: String(form.get("notes") ?? ""),
      });
    else if (intent === "no-show")
      await recordNoShow(scope, deps, { consultationId, newTimes: times(form) });
    else return data({ error: "Unknown action." }, { status: 400 });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "not_found") throw data("Not found", { status: 404 });
    return data({ error: error.message }, { status: 400 });
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
      <ConsultationPanel data={{ ...loaderData, error: actionData?.error ?? null }} />
    </div>
  );
}
