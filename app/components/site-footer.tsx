import { Link } from "react-router";
import { footerLinks, operator } from "./site-navigation.ts";
import { Wordmark } from "./wordmark.tsx";

export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="border-t bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1fr_2fr]">
        <div className="space-y-3">
          <Wordmark className="h-8 w-auto text-foreground" />
          <p className="max-w-xs text-muted-foreground text-sm">
            Clinician-led occupational health for UK employers: pre-employment assessments and
            management referrals, reviewed by GMC-registered doctors.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            {footerLinks.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  // 24 px tall at least: a target of its own, not only spaced apart (WCAG 2.5.8).
                  className="inline-flex min-h-6 items-center text-foreground underline-offset-4 hover:text-primary hover:underline"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-muted-foreground text-sm sm:px-6">
          {`© ${year} ${operator.legalName}. ${operator.tradingName} is operated by ${operator.legalName}, a limited company ${operator.jurisdiction}.`}
        </p>
      </div>
    </footer>
  );
}
