import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseForScreen, screenFreeText } from "./safety-phrases.ts";

const level = (text: string) => screenFreeText(text)?.level ?? "none";

describe("screenFreeText", () => {
  it.each([
    // The indirect expressions a keyword list for "suicide" misses.
    "Everyone would be better off without me",
    "my family would be better of without me",
    "They'd all be beter off without me honestly",
    "I think people are better off if I was gone",
    "There's no point going on",
    "theres no point goin on anymore",
    "I don’t see any point... no point in living",
    "what's the point in carrying on",
    "Sometimes I just want to end it all",
    "want to end it al",
    "I could end my life",
    "I can't keep myself safe",
    "I CANT KEEP MYSELF SAFE",
    "i cannot keep my self safe at night",
    "Can’t keep my self safe",
    "I don't think I can stay safe",
    // Direct wording, with the misspellings seen in typed answers.
    "I have had suicidal thoughts",
    "feeling sucidal",
    "suisidal at times",
    "I want to kill myself",
    "thought about killing my self",
    "I wish I was dead",
    "I want to die",
    "I dont want to be here any more",
    "Sometimes I think about taking my own life",
    "better off dead",
    "I have been cutting myself",
    "caaan't keep myself safe",
  ])("raises urgent for %j", (text) => {
    expect(level(text)).toBe("urgent");
  });

  it.each([
    "Past self-harm, now well",
    "selfharm as a teenager",
    "Accidental overdose of paracetamol in 2019",
    "I feel hopeless about my back",
  ])("raises review (names the subject, not a current risk) for %j", (text) => {
    expect(level(text)).toBe("review");
  });

  it.each([
    "Sore knee after a fall",
    "At the end everything was fine",
    "There is a point to going on with physio",
    "I keep myself busy and safe at work",
    "The safe keeping of my medication",
    "",
    "   ",
  ])("raises nothing for %j", (text) => {
    expect(level(text)).toBe("none");
  });

  it("prefers urgent when both tiers match", () => {
    expect(screenFreeText("Past self-harm, and now I want to end it all")).toEqual({
      level: "urgent",
      label: "end my life / end it all",
    });
  });

  it("normalises quotes, case, punctuation and stretched letters", () => {
    expect(normaliseForScreen("Can’t   KEEP—myself  saaafe!!")).toBe("cant keep myself safe");
  });

  it("finds an urgent phrase wherever it sits in longer text", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        fc.constantFrom(
          "better off without me",
          "no point going on",
          "end it all",
          "can't keep myself safe",
        ),
        (before, after, phrase) => level(`${before} ${phrase} ${after}`) === "urgent",
      ),
    );
  });

  it("never throws on any input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (text) => {
        expect(["urgent", "review", "none"]).toContain(level(text));
      }),
    );
  });
});
