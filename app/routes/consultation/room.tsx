import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { VideoRoom } from "~/components/consultations/video-room.tsx";
import { StandalonePage } from "~/components/standalone-page.tsx";
import { runtimeContext } from "~/context.ts";
import { iceServersFor } from "~/domain/consultations/ice-servers.ts";
import { authoriseRoomJoin, ROOM_DOOR } from "~/domain/consultations/join.server.ts";
import { formatConsultationTime } from "~/domain/consultations/london-time.ts";
import {
  readCookie,
  SUBJECT_ROOM_COOKIE,
  signallingPath,
} from "~/domain/consultations/signal-messages.ts";
import { visitorScope } from "~/middleware/scope.server.ts";
import { lookupSession } from "~/middleware/session.server.ts";
import type { Route } from "./+types/room";

export const meta: Route.MetaFunction = () => [
  { title: "Video consultation | ReferOH" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export function headers() {
  return {
    "Cache-Control": "no-store",
    "Referrer-Policy": "same-origin",
    "X-Robots-Tag": "noindex, nofollow",
  };
}

/**
 * The room admits the assigned doctor by their session, or the subject by their link. The link
 * arrives once as ?token=…, is moved into an HttpOnly cookie for the room's paths (where the
 * signalling WebSocket finds it), and the address is cleaned so the token is not left on screen
 * or in the history.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const consultationId = params.consultationId;
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token) {
    const decision = await authoriseRoomJoin(visitorScope(context, null, ROOM_DOOR), {
      consultationId,
      subjectToken: token,
      channel: "page",
    });
    if (!decision.ok) throw data({ reason: decision.reason }, { status: 403 });
    const secure = new URL(runtime.config.PUBLIC_URL).protocol === "https:";
    throw redirect(`/consultation/${consultationId}`, {
      headers: {
        "Set-Cookie": `${SUBJECT_ROOM_COOKIE}=${encodeURIComponent(token)}; Path=/consultation; HttpOnly; SameSite=Lax; Max-Age=14400${secure ? "; Secure" : ""}`,
        "Cache-Control": "no-store",
      },
    });
  }
  const lookup = await lookupSession(context, request);
  const scope = visitorScope(
    context,
    lookup.status === "active" ? lookup.current : null,
    ROOM_DOOR,
  );
  const decision = await authoriseRoomJoin(scope, {
    consultationId,
    subjectToken: readCookie(request.headers.get("cookie"), SUBJECT_ROOM_COOKIE),
    channel: "page",
  });
  if (!decision.ok) throw data({ reason: decision.reason }, { status: 403 });
  return {
    role: decision.role,
    selfName: decision.selfName,
    peerName: decision.peerName,
    reference: decision.reference,
    startsAt: decision.startsAt.toISOString(),
    signalPath: signallingPath(consultationId),
    iceServers: iceServersFor(runtime.config, { roomId: consultationId }),
  };
}

export default function ConsultationRoom({ loaderData }: Route.ComponentProps) {
  return (
    <StandalonePage width="wide">
      <h1 className="font-semibold text-2xl tracking-tight">Video consultation</h1>
      <p className="mt-1 mb-4 text-muted-foreground">
        {formatConsultationTime(new Date(loaderData.startsAt))} · {loaderData.reference}
      </p>
      <VideoRoom
        role={loaderData.role}
        selfName={loaderData.selfName}
        peerName={loaderData.peerName}
        signalPath={loaderData.signalPath}
        iceServers={loaderData.iceServers}
      />
    </StandalonePage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const reason =
    isRouteErrorResponse(error) && error.status === 403
      ? (error.data as { reason?: string } | undefined)?.reason
      : undefined;
  const message =
    reason === "not_open"
      ? "The room is not open yet. It opens 30 minutes before the start of the consultation."
      : reason === "closed"
        ? "This consultation has ended, was cancelled or has moved to another time. Check your latest e-mail from ReferOH."
        : reason === "refused"
          ? "You cannot join this consultation. If you are the person being assessed, use the link in your latest e-mail from ReferOH. If you are the doctor, sign in first."
          : "Something went wrong on our side. Please try again.";
  return (
    <StandalonePage width="wide">
      <h1 className="font-semibold text-2xl tracking-tight">Video consultation</h1>
      <p className="mt-4 max-w-prose" data-testid="room-refused">
        {message}
      </p>
      {reason === "refused" ? (
        <p className="mt-4">
          <Link className="text-primary underline underline-offset-4" to="/doctor-login">
            Doctor sign-in
          </Link>
        </p>
      ) : null}
    </StandalonePage>
  );
}
