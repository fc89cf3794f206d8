import { describe, expect, it } from "vitest";
import { sha256OfCanonicalJson } from "./canonical-json.ts";
import { checkQuestionnaire } from "./check-questionnaire.ts";
import {
  getQuestionnaire,
  latestQuestionnaire,
  publishedQuestionnaires,
  QUESTIONNAIRE_KEYS,
  QuestionnaireNotFoundError,
} from "./questionnaire-registry.ts";

/*
 * Published definitions are immutable: responses record key + version and must always be read
 * against the exact questions the person saw. If this test fails because you edited a published
 * file, revert the edit and add `<key>.v<next>.json` instead, then pin the new version here.
 */
const PINNED: Record<string, string> = {
  "management-guided@1": "cfd8315034bc9e9747e38a02df7ff48ee134590a19101668d608a495dff56ee4",
  "pre-employment-adjustments@1":
    "1cc544979650fd3469d1aceed9b38a828b457bd5f82a4c63d243e41c0e7465e7",
  "pre-employment-core@1": "564e179f99321a8f4f0825fe17a58fcb5c515f39d009b1fd5f750988cf796c31",
  "pre-employment-display-screen@1":
    "1d32a50ac4dc26ac1627680b0112c4a7982842fe30851e1e918b1aee83569291",
  "pre-employment-driving@1": "8ea631c68abd2a9d08fbc2a3b51da7c724aef5ddfe4c22d79afcc082992bc7c8",
  "pre-employment-healthcare-worker@1":
    "d68dc22c2720c448b6a269aee3a5db018eb54b4d3ccac49ddadabba0c8597cce",
  "pre-employment-lone-working@1":
    "17b5af97dace27a9ec07a742cbff1bac7952f96d2e7b0023b4df3d72da0e2106",
  "pre-employment-manual-handling@1":
    "d4ced8d04c02a46c2f05ae4faa740ea7b2aa5029b06a266a979c6c6c465abe9d",
  "pre-employment-night-work@1": "bf4a143ba8e3cda2051416888b2f0d878f5776ba154577bf99ebafc54d7ccc3f",
  "pre-employment-safety-critical@1":
    "2010dd6304eaed6b044f8bdc15f6e6e91fa4d6609490aa5fad3967a1b30958af",
};

describe("questionnaire registry", () => {
  it("pins the SHA-256 of every published version's canonical JSON", async () => {
    const actual: Record<string, string> = {};
    for (const d of publishedQuestionnaires())
      actual[`${d.name}@${d.version}`] = await sha256OfCanonicalJson(d);
    expect(actual).toEqual(PINNED);
  });

  it("hashes content, not layout: key order and whitespace do not matter, a word does", async () => {
    const core = getQuestionnaire("pre-employment-core", "1");
    const { item, ...rest } = core;
    const reordered = JSON.parse(JSON.stringify({ item, ...rest }, null, 4));
    expect(await sha256OfCanonicalJson(reordered)).toBe(PINNED["pre-employment-core@1"]);
    const edited = structuredClone(core);
    edited.item[0]!.item![1]!.text += " ";
    expect(await sha256OfCanonicalJson(edited)).not.toBe(PINNED["pre-employment-core@1"]);
  });

  it("publishes every key, and each published version passes the structural checks", () => {
    for (const key of QUESTIONNAIRE_KEYS) {
      const definition = latestQuestionnaire(key);
      expect(definition.name).toBe(key);
      expect(definition.url).toBe(`urn:referoh:questionnaire:${key}`);
      expect(definition.status).toBe("active");
      expect(checkQuestionnaire(definition)).toEqual([]);
    }
  });

  it("loads a definition by key and version, frozen against mutation", () => {
    const core = getQuestionnaire("pre-employment-core", "1");
    expect(core.title).toMatch(/core/i);
    expect(Object.isFrozen(core)).toBe(true);
    expect(Object.isFrozen(core.item[0])).toBe(true);
    expect(() => {
      (core as { title: string }).title = "changed";
    }).toThrow(TypeError);
  });

  it("refuses an unknown key or version", () => {
    expect(() => getQuestionnaire("pre-employment-core", "99")).toThrow(QuestionnaireNotFoundError);
    expect(() => getQuestionnaire("nope", "1")).toThrow(QuestionnaireNotFoundError);
  });
});
