import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { checkForm, checkParams, checkQuery, formLimits } from "./edge.server.ts";

async function statusOf(work: () => unknown): Promise<number | "passed"> {
  try {
    await work();
    return "passed";
  } catch (error) {
    // `data(…, { status })` thrown from middleware is a DataWithResponseInit.
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    if (isRouteErrorResponse(error)) return error.status;
    throw error;
  }
}

function post(body: BodyInit, type: string | null) {
  const headers = new Headers();
  if (type) headers.set("content-type", type);
  return new Request("http://x/form", { method: "POST", body, headers });
}

describe("edge checks", () => {
  it("answers ids that cannot be ours with 404 before any query", async () => {
    const id = "0b7e8f52-3c1a-4c6e-9a55-2f6f0f6f9b11";
    expect(await statusOf(() => checkParams({ referralId: id }))).toBe("passed");
    expect(await statusOf(() => checkParams({ referralId: "1' OR '1'='1" }))).toBe(404);
    expect(await statusOf(() => checkParams({ consultationId: `${id}x` }))).toBe(404);
    expect(await statusOf(() => checkParams({ reference: "REP-AB12" }))).toBe("passed");
    // The employer's addresses take the referral's public reference too; no other area does.
    const employer = "/employer-referral/REF-000123";
    expect(await statusOf(() => checkParams({ referralId: "REF-000123" }, employer))).toBe(
      "passed",
    );
    expect(await statusOf(() => checkParams({ referralId: "occ-ab12c" }, employer))).toBe("passed");
    expect(await statusOf(() => checkParams({ referralId: "REP-AB12" }, employer))).toBe(404);
    expect(
      await statusOf(() =>
        checkParams({ referralId: "REF-000123" }, "/doctor-referrals/REF-000123/report"),
      ),
    ).toBe(404);
    expect(await statusOf(() => checkParams({ reference: "../etc" }))).toBe(404);
    expect(await statusOf(() => checkParams({ organisationId: "a b" }))).toBe(404);
    expect(await statusOf(() => checkParams({ token: "anything", step: "x" }))).toBe("passed");
  });

  it("refuses bodies that are not forms with 415, and broken forms with 400", async () => {
    expect(await statusOf(() => checkForm(post('{"a":1}', "application/json")))).toBe(415);
    expect(await statusOf(() => checkForm(post("a=1", "text/plain")))).toBe(415);
    expect(await statusOf(() => checkForm(post("a=1", null)))).toBe(415);
    expect(
      await statusOf(() => checkForm(post("--x\r\nbroken", "multipart/form-data; boundary=x"))),
    ).toBe(400);
    expect(
      await statusOf(() => checkForm(post("a=1&b=2", "application/x-www-form-urlencoded"))),
    ).toBe("passed");
  });

  it("refuses NUL in a field with 400 and a malformed id field with 404", async () => {
    const form = "application/x-www-form-urlencoded";
    expect(await statusOf(() => checkForm(post("name=a%00b", form)))).toBe(400);
    expect(await statusOf(() => checkForm(post("referralId=nope", form)))).toBe(404);
    expect(await statusOf(() => checkForm(post("id=", form)))).toBe(404);
    expect(await statusOf(() => checkForm(post("doctorUserId=", form)))).toBe("passed");
    expect(await statusOf(() => checkForm(post("toUserId=", form)))).toBe("passed");
    expect(await statusOf(() => checkForm(post("toUserId=%27%20or%201%3D1", form)))).toBe(404);
    const multipart = new FormData();
    multipart.set("consultationId", "../../x");
    expect(
      await statusOf(() => checkForm(new Request("http://x", { method: "POST", body: multipart }))),
    ).toBe(404);
  });

  it("refuses field names that mean something to every JavaScript object with 400", async () => {
    const form = "application/x-www-form-urlencoded";
    // Each of these once reached the id table's lookup or an action's plain object: a 500.
    for (const name of [
      "__proto__",
      "constructor",
      "prototype",
      "hasOwnProperty",
      "toString",
      "valueOf",
      "__proto__[polluted]",
      "items.constructor",
      "a[0].__proto__",
    ]) {
      const body = `email=a%40b.co&${encodeURIComponent(name)}=x`;
      expect(await statusOf(() => checkForm(post(body, form))), name).toBe(400);
      const multipart = new FormData();
      multipart.set(name, "x");
      expect(
        await statusOf(() =>
          checkForm(new Request("http://x", { method: "POST", body: multipart })),
        ),
        `${name} (multipart)`,
      ).toBe(400);
    }
    // Names that merely contain one of the words are ours to use.
    expect(await statusOf(() => checkForm(post("constructorName=x&proto=y", form)))).toBe("passed");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses such names in the query, and leaves such values alone", async () => {
    expect(await statusOf(() => checkQuery(new URL("http://x/a?__proto__=1")))).toBe(400);
    expect(await statusOf(() => checkQuery(new URL("http://x/a?q=1&constructor=1")))).toBe(400);
    expect(await statusOf(() => checkQuery(new URL("http://x/a?error=__proto__")))).toBe("passed");
  });

  it("limits a form's field count and each field's size", async () => {
    const form = "application/x-www-form-urlencoded";
    const many = Array.from({ length: formLimits.fields + 1 }, (_, i) => `f${i}=1`).join("&");
    expect(await statusOf(() => checkForm(post(many, form)))).toBe(400);
    const enough = Array.from({ length: formLimits.fields }, (_, i) => `f${i}=1`).join("&");
    expect(await statusOf(() => checkForm(post(enough, form)))).toBe("passed");
    const long = `note=${"x".repeat(formLimits.fieldBytes + 1)}`;
    expect(await statusOf(() => checkForm(post(long, form)))).toBe(413);
    // Bytes, not characters: a field of two-byte letters passes at half the count.
    const wide = `note=${encodeURIComponent("é".repeat(formLimits.fieldBytes / 2 + 1))}`;
    expect(await statusOf(() => checkForm(post(wide, form)))).toBe(413);
  });

  it("takes an empty POST without a type as an empty form", async () => {
    const request = new Request("http://x/logout", { method: "POST" });
    expect(await statusOf(() => checkForm(request))).toBe("passed");
    expect([...(await request.formData()).entries()]).toEqual([]);
  });

  it("leaves the body for the action to read", async () => {
    const request = post("a=1", "application/x-www-form-urlencoded");
    await checkForm(request);
    expect((await request.formData()).get("a")).toBe("1");
  });
});
