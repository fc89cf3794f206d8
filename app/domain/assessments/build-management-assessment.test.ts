import { describe, expect, it } from "vitest";
import { buildManagementAssessment } from "./build-management-assessment.ts";
import { checkQuestionnaire } from "./check-questionnaire.ts";
import { getQuestionnaire } from "./questionnaire-registry.ts";
import { walkItems } from "./walk-items.ts";

describe("buildManagementAssessment", () => {
  it("quotes the employer's reason in the display item and records the published version", () => {
    const definition = buildManagementAssessment({
      referralReason: "  Two months' absence with stress.  ",
    });
    const quote = walkItems(definition).find((w) => w.item.linkId === "reason.employer")?.item;
    expect(quote?.text).toBe("“Two months' absence with stress.”");
    expect(definition.derivedFrom).toEqual(["urn:referoh:questionnaire:management-guided|1"]);
    expect(checkQuestionnaire(definition)).toEqual([]);
    // The published definition is untouched.
    const published = walkItems(getQuestionnaire("management-guided", "1")).find(
      (w) => w.item.linkId === "reason.employer",
    );
    expect(published?.item.text).toMatch(/shown here/);
  });

  it("says so when the employer gave no reason", () => {
    const definition = buildManagementAssessment({ referralReason: " " });
    expect(walkItems(definition).find((w) => w.item.linkId === "reason.employer")?.item.text).toBe(
      "“Your employer did not give a reason.”",
    );
  });

  it("uses the exact published PHQ-9 and GAD-7 wording and response options", () => {
    const definition = buildManagementAssessment({ referralReason: "x" });
    const byId = new Map(walkItems(definition).map((w) => [w.item.linkId, w.item]));
    expect(byId.get("phq9.9")?.text).toBe(
      "Thoughts that you would be better off dead or of hurting yourself in some way",
    );
    expect(byId.get("gad7.2")?.text).toBe("Not being able to stop or control worrying");
    for (const id of ["phq9.1", "gad7.7"])
      expect(byId.get(id)?.answerOption?.map((o) => o.valueCoding.display)).toEqual([
        "Not at all",
        "Several days",
        "More than half the days",
        "Nearly every day",
      ]);
  });
});
