import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { serviceEmail } from "./service-email.ts";

/** The HTML with the e-mail's own markup taken away: what is left came from the words given. */
const withoutOwnMarkup = (html: string) =>
  html.replace(/<!doctype html>|<\/?(html|body|p|br|a)(\s[^>]*)?>/g, "");

describe("serviceEmail", () => {
  it("escapes a name in the words, the label and the address, and keeps them whole in the text", () => {
    const email = serviceEmail("New message", ['Smith & Sons <HR> "Ltd" has written to you.'], {
      label: "Open <the> case",
      url: "https://referoh.test/case?a=1&b=<2>",
    });
    expect(email.html).toContain("Smith &amp; Sons &lt;HR&gt; &quot;Ltd&quot; has written to you.");
    expect(email.html).toContain("Open &lt;the&gt; case");
    expect(email.html).toContain('href="https://referoh.test/case?a=1&amp;b=&lt;2&gt;"');
    expect(email.html).not.toContain("<HR>");
    expect(email.text).toContain('Smith & Sons <HR> "Ltd" has written to you.');
    expect(email.text).toContain("Open <the> case: https://referoh.test/case?a=1&b=<2>");
    expect(email.html.endsWith("<p>ReferOH</p></body></html>")).toBe(true);
  });

  it("keeps a line break inside a paragraph, and draws no button without an action", () => {
    const email = serviceEmail("Times", ["Choose one:\n• 9:00\n• 10:00"]);
    expect(email.html).toContain("<p>Choose one:<br>• 9:00<br>• 10:00</p>");
    expect(email.html).not.toContain("<a ");
    expect(email.text).not.toContain("undefined");
  });

  it("lets no markup through from any words or address", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { minLength: 1, maxLength: 4 }),
        fc.string(),
        fc.string(),
        (paragraphs, label, url) => {
          const { html } = serviceEmail("Subject", paragraphs, { label, url });
          expect(withoutOwnMarkup(html)).not.toMatch(/[<>"]/);
        },
      ),
    );
  });
});
