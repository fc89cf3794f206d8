import type { Scope } from "~/domain/kernel/scope.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { notifyReferralDeclined } from "./notify-referral-declined.server.ts";

/** The queue name of the notice's retry: its job is `app/jobs/notify-referral-declined.ts`. */
export const REFERRAL_DECLINED_JOB = "referral-declined-notice";

type DeclinedServices = Pick<Runtime, "config" | "logger" | "mailer" | "jobs">;

/**
 * The employer's e-mail when the person declines: now, after the decline commits, or from a job
 * when mail is down. Never throws: the case has already ended.
 */
export async function tellEmployerDeclined(
  scope: Scope,
  services: DeclinedServices,
  referralId: string,
): Promise<void> {
  try {
    await notifyReferralDeclined(scope, mailDeps(services), { referralId });
  } catch (error) {
    services.logger.warn({ err: error, referralId }, "declined e-mail failed; retrying later");
    await services.jobs
      .send(REFERRAL_DECLINED_JOB, { referralId })
      .catch((err) => services.logger.error({ err, referralId }, "declined e-mail not queued"));
  }
}

function mailDeps(services: DeclinedServices) {
  return { mailer: services.mailer, publicUrl: services.config.PUBLIC_URL };
}
