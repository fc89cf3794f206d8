import { ArrowLeftIcon } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { ConsultationPanel } from "~/components/consultations/consultation-panel.tsx";
import { requestContext, runtimeContext } from "~/context.ts";
import { recordNoShow, saveConsultationNotes } from "~/domain/consultations/after-call.server.ts";
import { cancelConsultation, offerConsultation } from "~/domain/consultations/booking.server.ts";
import { ConsultationError } from "~/domain/consultations/deps.ts";
import { formUuid } from "~/middleware/edge.server.ts";
import { currentActor } from "~/middleware/session.server.ts";
import type { Route } from "./+types/case-consultation";
import { loadConsultationPanel } from "./consultation-panel.server.ts";

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
  const runtime = context.get(runtimeContext);
  const info = context.get(requestContext);
  const origin = { ip: info.ip, requestId: info.requestId };
  const actor = currentActor(context);
  const deps = {
    db: runtime.database.db,
    mailer: runtime.mailer,
    publicUrl: runtime.config.PUBLIC_URL,
  };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const consultationId = intent === "offer" ? "" : formUuid(form, "consultationId");
  try {
    if (intent === "offer")
      await offerConsultation(deps, {
        actor,
        referralId: params.referralId,
        times: times(form),
        origin,
      });
    else if (intent === "cancel")
      await cancelConsultation(deps, { by: { kind: "doctor", actor }, consultationId, origin });
    else if (intent === "notes")
      await saveConsultationNotes(deps, {
        actor,
        consultationId,
        notes: String(form.get("notes") ?? ""),
        origin,
      });
    else if (intent === "no-show")
      await recordNoShow(deps, { actor, consultationId, newTimes: times(form), origin });
    else return data({ error: "Unknown action." }, { status: 400 });
  } catch (error) {
    if (!(error instanceof ConsultationError)) throw error;
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
