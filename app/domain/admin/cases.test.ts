import { describe, expect, test } from "vitest";
import { parseCaseFilter } from "./cases.ts";

describe("the administrator's case list query", () => {
  test("reads its filters, and an odd value as no filter", () => {
    expect(
      parseCaseFilter(new URLSearchParams("q=acme&status=in_review&type=lost&page=2")),
    ).toMatchObject({ q: "acme", status: "in_review", type: null, page: 2 });
  });

  test("Conform's validation request in the query string does not drop the filters", () => {
    const intent = JSON.stringify({ type: "validate", payload: { name: "q" } });
    const params = new URLSearchParams({ q: "acme", status: "in_review", __intent__: intent });
    expect(parseCaseFilter(params)).toMatchObject({ q: "acme", status: "in_review" });
  });
});
