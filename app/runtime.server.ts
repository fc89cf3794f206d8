import type { Server } from "node:http";
import type { Config } from "~/config.server.ts";
import { authAccountRules } from "~/domain/accounts/auth-rules.server.ts";
import { syncQuestionnaireDefinitions } from "~/domain/assessments/sync-questionnaire-definitions.server.ts";
import { moveDoctorQuestionsToThread } from "~/domain/case-conversation/move-doctor-questions.server.ts";
import { consultationSignallingRooms } from "~/domain/consultations/signalling-rooms.server.ts";
import { countEarlierReleases } from "~/domain/insight/count-earlier-releases.server.ts";
import { registerJobs, startupJobs } from "~/jobs/registry.server.ts";
import {
  createRuntime,
  type Runtime,
  type RuntimeOptions,
  type RuntimeWiring,
} from "~/services/runtime.server.ts";
import { attachConsultationSignalling as attachSignallingRelay } from "~/services/signalling/consultation-signalling.server.ts";

/**
 * The product's composition root (docs/architecture.md §3): the adapters of app/services/ with
 * the domain's rules and the jobs of app/jobs/ plugged in. Services never import the domain at
 * runtime; this file is where the two meet.
 */
const productWiring: RuntimeWiring = {
  async prepareDatabase(db, logger) {
    // Refuses to start when a published questionnaire file was edited in place.
    await syncQuestionnaireDefinitions(db);
    // After the start-up sweep has sealed any plain value: the doctor's older questions join the
    // person's thread (docs/architecture.md §4, "The case conversation"). Counts and ids only.
    const { moved, left } = await moveDoctorQuestionsToThread(db);
    if (moved > 0) logger.info({ moved }, "doctor's questions moved into the person's thread");
    if (left.length > 0)
      logger.warn(
        { left },
        "doctor's questions left in subject_information_request: their data key is not in the keyring",
      );
    // Reports released before the management information counted outcomes are counted once
    // (docs/architecture.md, "Management information"). Counts and ids only.
    const releases = await countEarlierReleases(db);
    if (releases.counted > 0)
      logger.info({ counted: releases.counted }, "earlier released reports counted for insight");
    if (releases.left.length > 0)
      logger.warn(
        { left: releases.left },
        "released reports not counted for insight: their data key is not in the keyring",
      );
  },
  authRules: authAccountRules,
  registerJobs,
  startupJobs,
};

/** Everything a request or a job needs, created once per process (server, scripts, tests). */
export function startRuntime(
  config: Config,
  /** Tests only: their own database, their own clock (RuntimeOptions). */
  options: RuntimeOptions = {},
): Promise<Runtime> {
  return createRuntime(config, productWiring, options);
}

/** The video room's signalling relay, admitting people by the domain's rules. */
export function attachConsultationSignalling(server: Server, runtime: Runtime): void {
  attachSignallingRelay(server, runtime, consultationSignallingRooms(runtime));
}
