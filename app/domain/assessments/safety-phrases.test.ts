import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { screenFreeText } from "./safety-phrases.ts";

const level = (text: string) => screenFreeText(text)?.level ?? "none";

describe("screenFreeText", () => {
  // Wordings an occupational physician tried in the browser, which the earlier screen missed.
  it.each([
    ["Some days I don't see the point of going on", "urgent"],
    ["life isn't worth living", "urgent"],
    ["I want to go to sleep and not wake up", "urgent"],
    ["I've been thinking about ending things", "urgent"],
    ["I have a plan and I have been saving my tablets", "urgent"],
    ["I'd rather be dead", "urgent"],
    ["thinking of jumping off the bridge", "urgent"],
    ["unalive myself", "urgent"],
    // Spelled out letter by letter, as someone wary of a filter might.
    ["I want to k i l l myself", "urgent"],
    ["i want to d-i-e", "urgent"],
    ["thinking of s.u.i.c.i.d.e", "urgent"],
    ["I want to K. I. L. L. myself", "urgent"],
    ["i want to d/i/e", "urgent"],
    ["i want to d+i+e", "urgent"],
    ["I feel like a burden", "review"],
    ["I can't see a way out", "review"],
  ] as const)("reads %j as %s", (text, expected) => {
    expect(level(text)).toBe(expected);
  });

  it.each([
    "I would never end it all",
    "I'd never kill myself",
    "No suicidal thoughts",
    "I have never self-harmed or thought about suicide",
    "No, I do not feel like a burden",
    "I'm low but I'm not thinking about ending my life",
  ])("does not flag the negated %j", (text) => {
    expect(level(text)).toBe("none");
  });

  it.each([
    // A negation does not reach across "but", nor past a new "I".
    "I would never hurt myself, but some days I want to die",
    "I've never felt so low, I want to die",
    // Neither "can't stop" nor uncertainty is a negation.
    "I can't stop thinking about killing myself",
    "I'm not sure I can keep myself safe",
    "No one knows I want to die",
  ])("still raises urgent for %j", (text) => {
    expect(level(text)).toBe("urgent");
  });

  it.each([
    ["I tried to kill myself when I was 19", "review"],
    ["I tried to kill myself three weeks ago", "urgent"],
    ["I tried to kill myself years ago and I feel like that again now", "urgent"],
    ["My brother died by suicide last year", "review"],
    ["I hurt myself lifting boxes in the warehouse", "none"],
    ["I've been hurting myself on purpose", "urgent"],
  ] as const)("weighs time, person and accident: %j is %s", (text, expected) => {
    expect(level(text)).toBe(expected);
  });

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

  it("never raises urgent when an urgent phrase is negated in front of it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "I would never",
          "I'd never",
          "I will never",
          "I wouldn't",
          "I would not ever",
          "I have never wanted to",
          "I don't want to",
          "I do not want to",
        ),
        fc.constantFrom(
          "end it all",
          "kill myself",
          "take my own life",
          "hurt myself",
          "end my life",
          "unalive myself",
        ),
        fc.constantFrom("", ".", " and I have support from my GP.", ", I have my family."),
        (negation, phrase, after) => level(`${negation} ${phrase}${after}`) !== "urgent",
      ),
    );
  });

  it("prefers urgent when both tiers match", () => {
    expect(screenFreeText("Past self-harm, and now I want to end it all")).toEqual({
      level: "urgent",
      label: "end my life / end it all",
    });
  });

  it("reads curly quotes, capitals, punctuation and stretched letters as the plain words", () => {
    expect(screenFreeText("Can’t   KEEP—myself  saaafe!!")).toEqual({
      level: "urgent",
      label: "can't keep myself safe",
    });
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
        // The phrase starts its own sentence: random text before it may end in "no" or "not".
        (before, after, phrase) => level(`${before}. ${phrase} ${after}`) === "urgent",
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
