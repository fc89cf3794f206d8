import { describe, expect, it } from "vitest";
import { buildPreEmploymentQuestionnaire } from "./build-pre-employment-questionnaire.ts";
import { checkQuestionnaire } from "./check-questionnaire.ts";
import { getQuestionnaire } from "./questionnaire-registry.ts";
import {
  JOB_ROLES,
  type JobRole,
  type PreEmploymentRole,
  selectPreEmploymentModules,
} from "./select-pre-employment-modules.ts";
import { walkItems } from "./walk-items.ts";

const FLAGS = ["drivingRequired", "nightShifts", "loneWorking", "safetyCritical"] as const;

/** A role with none of the four risk flags. */
const noRiskFlags = {
  drivingRequired: false,
  nightShifts: false,
  loneWorking: false,
  safetyCritical: false,
} as const;

/** Every job role × every combination of the four risk flags: 10 × 16 = 160 cases. */
const ALL_ROLES: PreEmploymentRole[] = JOB_ROLES.flatMap((jobRole) =>
  Array.from({ length: 16 }, (_, bits) => ({
    jobRole,
    drivingRequired: Boolean(bits & 1),
    nightShifts: Boolean(bits & 2),
    loneWorking: Boolean(bits & 4),
    safetyCritical: Boolean(bits & 8),
  })),
);

// The expected role modules, written out as a table a clinician can check at a glance.
const ROLE_MODULES: Record<JobRole, string[]> = {
  "office-worker": ["pre-employment-display-screen"],
  driver: ["pre-employment-driving"],
  "healthcare-worker": ["pre-employment-manual-handling", "pre-employment-healthcare-worker"],
  "warehouse-operative": ["pre-employment-manual-handling"],
  "security-officer": [],
  "construction-worker": ["pre-employment-manual-handling"],
  "it-professional": ["pre-employment-display-screen"],
  "retail-worker": ["pre-employment-manual-handling"],
  manager: ["pre-employment-display-screen"],
  other: [],
};

function expectedKeys(role: PreEmploymentRole): string[] {
  const keys = ["pre-employment-core", ...ROLE_MODULES[role.jobRole]];
  if (role.drivingRequired && role.jobRole !== "driver") keys.push("pre-employment-driving");
  if (role.safetyCritical) keys.push("pre-employment-safety-critical");
  if (role.nightShifts) keys.push("pre-employment-night-work");
  if (role.loneWorking) keys.push("pre-employment-lone-working");
  keys.push("pre-employment-adjustments");
  return keys;
}

describe("selectPreEmploymentModules", () => {
  it("covers all 160 combinations of job role and risk flags", () => {
    expect(ALL_ROLES).toHaveLength(160);
  });

  it.each(
    ALL_ROLES.map(
      (r) => [`${r.jobRole} ${FLAGS.filter((f) => r[f]).join("+") || "no flags"}`, r] as const,
    ),
  )("%s", (_label, role) => {
    const modules = selectPreEmploymentModules(role);
    expect(modules.map((m) => m.key)).toEqual(expectedKeys(role));
    expect(new Set(modules.map((m) => m.key)).size).toBe(modules.length);
    for (const m of modules) expect(m.reason.length).toBeGreaterThan(10);
  });

  it("never asks driving, night, lone-working or safety-critical questions without a reason", () => {
    for (const role of ALL_ROLES) {
      const keys = selectPreEmploymentModules(role).map((m) => m.key);
      expect(keys.includes("pre-employment-driving")).toBe(
        role.drivingRequired || role.jobRole === "driver",
      );
      expect(keys.includes("pre-employment-night-work")).toBe(role.nightShifts);
      expect(keys.includes("pre-employment-lone-working")).toBe(role.loneWorking);
      expect(keys.includes("pre-employment-safety-critical")).toBe(role.safetyCritical);
      expect(keys.includes("pre-employment-healthcare-worker")).toBe(
        role.jobRole === "healthcare-worker",
      );
    }
  });
});

describe("buildPreEmploymentQuestionnaire", () => {
  it("composes a valid questionnaire for every combination, recording the module versions", () => {
    for (const role of ALL_ROLES) {
      const { definition, modules } = buildPreEmploymentQuestionnaire(role);
      expect(checkQuestionnaire(definition)).toEqual([]);
      expect(definition.derivedFrom).toEqual(
        modules.map((m) => `urn:referoh:questionnaire:${m.key}|${m.version}`),
      );
      expect(definition.version).toBe(modules.map((m) => `${m.key}@${m.version}`).join("+"));
      const expectedItems = modules.flatMap((m) =>
        walkItems(getQuestionnaire(m.key, m.version)).map((w) => w.item.linkId),
      );
      expect(walkItems(definition).map((w) => w.item.linkId)).toEqual(expectedItems);
    }
  });

  it("titles the questionnaire with the job role and ends with adjustments", () => {
    const { definition } = buildPreEmploymentQuestionnaire({
      ...noRiskFlags,
      jobRole: "warehouse-operative",
      nightShifts: true,
    });
    expect(definition.title).toBe("Pre-employment health questionnaire: Warehouse Operative");
    expect(definition.item.map((i) => i.linkId)).toEqual([
      "core",
      "handling",
      "night",
      "adjustments",
    ]);
  });

  it("rebuilds on pinned versions and refuses a version that was never published", () => {
    const role = { jobRole: "other", ...noRiskFlags } as const;
    expect(
      buildPreEmploymentQuestionnaire(role, { "pre-employment-core": "1" }).modules[0],
    ).toMatchObject({ key: "pre-employment-core", version: "1" });
    expect(() => buildPreEmploymentQuestionnaire(role, { "pre-employment-core": "7" })).toThrow(
      /No published/,
    );
  });

  it("returns a copy: changing it cannot change the published module", () => {
    const { definition } = buildPreEmploymentQuestionnaire({ jobRole: "other", ...noRiskFlags });
    definition.item[0]!.text = "changed";
    expect(getQuestionnaire("pre-employment-core", "1").item[0]!.text).toBe("Your health");
  });
});
