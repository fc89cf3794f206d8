import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tickedBoxes } from "./ticked-boxes.ts";

const colours = tickedBoxes(z.enum(["red", "blue"], "Not a colour"), "Choose a colour");

describe("tickedBoxes", () => {
  it("reads one ticked box, sent as a string, as a list of one", () => {
    expect(colours.parse("red")).toEqual(["red"]);
  });

  it("reads several as the values ticked, each once", () => {
    expect(colours.parse(["blue", "red", "blue"])).toEqual(["blue", "red"]);
  });

  it("refuses none, or a value not offered, with the form's message", () => {
    for (const sent of [undefined, [], "green", ["red", "green"]]) {
      const result = colours.safeParse(sent);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Choose a colour");
    }
  });
});
