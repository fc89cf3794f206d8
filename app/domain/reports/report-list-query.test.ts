import { describe, expect, test } from "vitest";
import { readListQuery } from "~/domain/admin/list-filters.ts";
import { employerReportListQuerySchema } from "./report-list-query.ts";

const read = (query: string) =>
  readListQuery(new URLSearchParams(query), employerReportListQuerySchema);

describe("the employer's report list query", () => {
  test("reads the search, type, date and page", () => {
    const { query, result } = read("q=jo&type=management&date=2030-02-05&page=2");
    expect(query).toEqual({ search: "jo", type: "management", date: "2030-02-05", page: 2 });
    expect(result.error).toBeUndefined();
  });

  test("an odd type, date or page reads as no filter", () => {
    expect(read("type=x&date=2030-02-31x&page=-3").query).toEqual({
      search: "",
      type: "all",
      date: null,
      page: 1,
    });
  });

  test("an over-long search is refused with the form's message; the other filters still apply", () => {
    const { query, result } = read(`q=${"x".repeat(101)}&type=pre-employment`);
    expect(result.error).toEqual({ q: ["Search must be 100 characters or fewer"] });
    expect(query).toMatchObject({ search: "", type: "pre-employment" });
  });
});
