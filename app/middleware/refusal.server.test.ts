import { describe, expect, it } from "vitest";
import { DomainError } from "~/domain/kernel/errors.ts";
import { downloadRefusal, refusalMessage, refusalResponse } from "./refusal.server.ts";

/** What a thrown or returned `data()` carries: its status and body. */
function answer(value: unknown): { status: number | undefined; body: unknown } {
  const init = value as { init?: { status?: number } | null; data: unknown };
  return { status: init.init?.status, body: init.data };
}

function thrown(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("the one answer to a refusal", () => {
  it("answers each refusal with the status of the error map and the page's body", () => {
    const tooSoon = new DomainError("too_soon", "A reminder went out today.");
    expect(answer(refusalResponse(tooSoon, refusalMessage))).toEqual({
      status: 429,
      body: { ok: false, message: "A reminder went out today." },
    });
    const moved = new DomainError("invalid_state", "This referral is cancelled.");
    expect(answer(refusalResponse(moved, (r) => ({ error: r.code })))).toEqual({
      status: 409,
      body: { error: "invalid_state" },
    });
    expect(
      answer(refusalResponse(new DomainError("forbidden", "No."), refusalMessage)).status,
    ).toBe(403);
  });

  it("makes not found the 404 page, unless the page says it where the object was", () => {
    const missing = new DomainError("not_found", "No such hours.");
    const page = thrown(() => refusalResponse(missing, refusalMessage));
    expect(answer(page)).toEqual({ status: 404, body: "Not found" });
    expect(answer(refusalResponse(missing, refusalMessage, { notFound: "inline" }))).toEqual({
      status: 404,
      body: { ok: false, message: "No such hours." },
    });
  });

  it("throws on what is not a refusal, to the error boundary", () => {
    const failure = new Error("database gone");
    expect(thrown(() => refusalResponse(failure, refusalMessage))).toBe(failure);
  });

  it("answers a download's not found in plain text, and any other refusal by the map", async () => {
    const missing = downloadRefusal(new DomainError("not_found", "Report not found."));
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    // The domain's words name the kind of object: a stranger's file reads like no file at all.
    expect(await missing.text()).toBe("Not found");
    const refused = thrown(() => downloadRefusal(new DomainError("forbidden", "No.")));
    expect(answer(refused).status).toBe(403);
    const failure = new Error("disk gone");
    expect(thrown(() => downloadRefusal(failure))).toBe(failure);
  });
});
