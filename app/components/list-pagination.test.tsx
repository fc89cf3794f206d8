import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ListPagination } from "./list-pagination.tsx";

function render(page: number, pageCount: number, total: number) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ListPagination
        list={{ page, pageCount, total }}
        noun="referral"
        hrefFor={(target) => `/employer-referrals?q=smith&page=${target}`}
      />
    </MemoryRouter>,
  );
}

describe("ListPagination", () => {
  it("links both ways from a middle page, keeping the filters", () => {
    const html = render(2, 3, 60);
    expect(html).toContain("Page 2 of 3 · 60 referrals");
    expect(html).toMatch(/href="\/employer-referrals\?q=smith&amp;page=1"[^>]*>Previous</);
    expect(html).toMatch(/href="\/employer-referrals\?q=smith&amp;page=3"[^>]*>Next</);
  });

  it("offers no Previous on the first page, no Next on the last, and counts one in the singular", () => {
    const first = render(1, 2, 26);
    expect(first).not.toContain("Previous");
    expect(first).toContain(">Next</a>");
    const only = render(1, 1, 1);
    expect(only).toContain("Page 1 of 1 · 1 referral<");
    expect(only).not.toContain("Next");
  });
});
