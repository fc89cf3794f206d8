import { describe, expect, it } from "vitest";
import {
  csvDownload,
  pdfDownload,
  readRegisteredEmail,
  registeredEmailSetCookie,
} from "./responses.server.ts";

function requestWith(setCookie: string) {
  const pair = setCookie.split(";")[0]!;
  return new Request("http://x/registration-confirmation", { headers: { cookie: pair } });
}

describe("the registration cookie", () => {
  it("holds the address sealed, and gives it back for an hour", () => {
    const now = Date.now();
    const cookie = registeredEmailSetCookie("priya.shah@example.org", true, now);
    expect(cookie).not.toContain("priya");
    expect(cookie).not.toContain("example.org");
    expect(cookie).toMatch(/HttpOnly; SameSite=Lax; Max-Age=3600; Secure$/);
    expect(readRegisteredEmail(requestWith(cookie), now + 1000)).toBe("priya.shah@example.org");
    expect(readRegisteredEmail(requestWith(cookie), now + 3_601_000)).toBeNull();
  });

  it("refuses a forged or tampered value", () => {
    const cookie = registeredEmailSetCookie("priya.shah@example.org", false);
    const [name, value] = cookie.split(";")[0]!.split("=") as [string, string];
    const tampered = `${name}=${value.slice(0, -4)}AAAA`;
    expect(readRegisteredEmail(requestWith(tampered))).toBeNull();
    expect(
      readRegisteredEmail(requestWith("referoh.registered_email=attacker%40example.org")),
    ).toBeNull();
  });
});

describe("file downloads", () => {
  it("are never cached, whatever they hold: a CSV export as much as a report's PDF", async () => {
    const csv = csvDownload("a,b\n1,2\n", "insight-2026-01-01-to-2026-11-30.csv");
    expect(Object.fromEntries(csv.headers)).toMatchObject({
      "cache-control": "no-store",
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="insight-2026-01-01-to-2026-11-30.csv"',
    });
    expect(await csv.text()).toBe("a,b\n1,2\n");

    const pdf = pdfDownload(new Uint8Array([37, 80, 68, 70]), "REP-ABC123", { "X-Extra": "1" });
    expect(Object.fromEntries(pdf.headers)).toMatchObject({
      "cache-control": "no-store",
      "content-type": "application/pdf",
      "content-disposition": 'attachment; filename="REP-ABC123.pdf"',
      "content-length": "4",
      "x-extra": "1",
    });
  });
});
