import type { RouterContextProvider } from "react-router";
import type { ConsultationPanelData } from "~/components/consultations/consultation-panel.tsx";
import { readConsultationNotes } from "~/domain/consultations/after-call.server.ts";
import { offerableSlots } from "~/domain/consultations/availability.server.ts";
import { consultationsForDoctorCase } from "~/domain/consultations/booking.server.ts";
import { ROOM_CLOSES_AFTER_MS, ROOM_OPENS_BEFORE_MS } from "~/domain/consultations/timing.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";

/**
 * Everything the ConsultationPanel shows for one case, for the signed-in doctor; another doctor's
 * case is a 404. Any doctor page about a case can call this from its loader.
 */
export async function loadConsultationPanel(
  context: Readonly<RouterContextProvider>,
  referralId: string,
): Promise<ConsultationPanelData & { reference: string; subjectName: string; caseStatus: string }> {
  const scope = currentScope(context);
  // The scope's time, the one joining the room is judged by (join.server.ts), so the panel never
  // offers a room the server then calls shut.
  const { now } = scope;
  try {
    const view = await consultationsForDoctorCase(scope, referralId);
    const slots = await offerableSlots(scope);
    const completed = view.consultations.find((c) => c.status === "completed" && c.notes !== null);
    const notes = completed ? await readConsultationNotes(scope, completed.id) : null;
    const open = view.open;
    const start = open?.startsAt?.getTime() ?? null;
    return {
      referralId,
      reference: view.referral.reference,
      subjectName: view.referral.subjectName,
      caseStatus: view.referral.status,
      open: open
        ? {
            id: open.id,
            status: open.status,
            startsAt: open.startsAt?.toISOString() ?? null,
            roomOpen:
              open.status === "booked" &&
              start !== null &&
              now.getTime() >= start - ROOM_OPENS_BEFORE_MS &&
              now.getTime() <= start + open.durationMinutes * 60_000 + ROOM_CLOSES_AFTER_MS,
            started: start !== null && now.getTime() >= start,
          }
        : null,
      offers: view.offers.map((o) => ({ id: o.id, startsAt: o.startsAt.toISOString() })),
      history: view.consultations
        .filter((c) => c.id !== open?.id)
        .map((c) => ({
          id: c.id,
          status: c.status,
          startsAt: c.startsAt?.toISOString() ?? null,
          hasNotes: c.notes !== null,
        })),
      slots: slots.map((s) => s.toISOString()),
      notes: completed && notes ? { consultationId: completed.id, text: notes } : null,
    };
  } catch (error) {
    throw refusalResponse(error, refusalMessage);
  }
}
