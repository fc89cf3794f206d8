import { describe, expect, test } from "vitest";
import { readListQuery } from "~/domain/admin/list-filters.ts";
import { referralListQuerySchema } from "./referral-list-query.ts";

const read = (query: string) => readListQuery(new URLSearchParams(query), referralListQuerySchema);
const id = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";

describe("the employer's referral list query", () => {
  test("reads the search trimmed, a known status and the next page's cursor", () => {
    const { query, result } = read(`q=%20amelia%20&status=draft&after=${id}&before=${id}`);
    expect(query).toEqual({
      search: "amelia",
      status: "draft",
      after: id.toLowerCase(),
      before: undefined,
    });
    expect(result.error).toBeUndefined();
  });

  test("anything odd other than the search reads as no filter", () => {
    expect(read("status=lost&after=nope").query).toEqual({
      search: "",
      status: "all",
      after: undefined,
      before: undefined,
    });
  });

  test("an over-long search is refused with the form's message; the status still applies", () => {
    const { query, result } = read(`q=${"x".repeat(101)}&status=draft`);
    expect(result.error).toEqual({ q: ["Search must be 100 characters or fewer"] });
    expect(query).toMatchObject({ search: "", status: "draft" });
    expect(read(`q=${"x".repeat(100)}`).query.search).toHaveLength(100);
  });

  test("Conform's validation request in the query string does not drop the filters", () => {
    const intent = encodeURIComponent(JSON.stringify({ type: "validate", payload: { name: "q" } }));
    expect(read(`q=AMELIA&status=draft&__intent__=${intent}`).query).toMatchObject({
      search: "AMELIA",
      status: "draft",
    });
  });
});
