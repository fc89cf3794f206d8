import { checkQuestionnaire } from "./check-questionnaire.ts";
import { getQuestionnaire, latestQuestionnaire } from "./questionnaire-registry.ts";
import { canonicalOf, type Questionnaire } from "./questionnaire-types.ts";
import {
  JOB_ROLE_LABELS,
  type PreEmploymentRole,
  type SelectedModule,
  selectPreEmploymentModules,
} from "./select-pre-employment-modules.ts";

const PRE_EMPLOYMENT_INSTANCE_URL = "urn:referoh:questionnaire:pre-employment";

interface PreEmploymentQuestionnaire {
  definition: Questionnaire;
  modules: (SelectedModule & { version: string })[];
}

/**
 * Composes one questionnaire for a candidate: the selected modules' items in order, each module's
 * items unchanged (their linkIds are prefixed by module, so they cannot collide). `derivedFrom`
 * records the exact `url|version` of every module used, and `version` is made from them, so the
 * instance can be stored with the response and rebuilt identically later.
 *
 * `pinnedVersions` resumes an assessment on the versions it started with; otherwise the latest
 * published version of each module is used.
 */
export function buildPreEmploymentQuestionnaire(
  role: PreEmploymentRole,
  pinnedVersions: Partial<Record<string, string>> = {},
): PreEmploymentQuestionnaire {
  const modules = selectPreEmploymentModules(role).map((m) => {
    const pinned = pinnedVersions[m.key];
    const definition = pinned ? getQuestionnaire(m.key, pinned) : latestQuestionnaire(m.key);
    return { ...m, version: definition.version, definition };
  });
  const definition: Questionnaire = {
    resourceType: "Questionnaire",
    url: PRE_EMPLOYMENT_INSTANCE_URL,
    version: modules.map((m) => `${m.key}@${m.version}`).join("+"),
    name: "pre-employment",
    title: `Pre-employment health questionnaire: ${JOB_ROLE_LABELS[role.jobRole]}`,
    status: "active",
    publisher: "ReferOH",
    derivedFrom: modules.map((m) => canonicalOf(m.definition)),
    item: modules.flatMap((m) => structuredClone(m.definition.item)),
  };
  const problems = checkQuestionnaire(definition);
  if (problems.length > 0)
    throw new Error(`Composed pre-employment questionnaire is invalid: ${problems.join("; ")}`);
  return {
    definition,
    modules: modules.map(({ key, reason, version }) => ({ key, reason, version })),
  };
}
