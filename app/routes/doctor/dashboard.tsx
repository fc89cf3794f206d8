import { InboxIcon } from "lucide-react";
import { currentSession } from "~/middleware/session.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Doctor dashboard | ReferOH" },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  return { name: currentSession(context).user.name };
}

/** The shell of the doctor dashboard; the referral queue arrives with the referrals issue. */
export default function DoctorDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="font-semibold text-3xl tracking-tight">Doctor Dashboard</h1>
      <p className="mt-2 text-lg text-muted-foreground">Signed in as {loaderData.name}</p>
      <section className="mt-8 flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-16 text-center">
        <InboxIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="mt-4 font-semibold text-lg">No referrals to review</h2>
        <p className="mt-1 max-w-md text-muted-foreground">
          Referrals assigned to you will appear here when employees have completed their
          assessments.
        </p>
      </section>
    </div>
  );
}
