import type { ReactNode } from "react";
import { SiteFooter } from "~/components/site-footer.tsx";
import { type HeaderAccount, SiteHeader } from "~/components/site-header.tsx";
import { NoticeToasts } from "./notices.tsx";
import { PendingOverlay } from "./pending-overlay.tsx";

/** The frame of every signed-in page: the role's header, the page, the footer. */
export function SignedInShell({
  account,
  year,
  children,
}: {
  account: HeaderAccount;
  year: number;
  children: ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-4 focus:py-2"
      >
        Skip to main content
      </a>
      <SiteHeader account={account} variant="area" />
      <main id="main" className="flex-1 bg-surface pt-16">
        {children}
      </main>
      <SiteFooter year={year} />
      <NoticeToasts organisationName={account.organisation?.name} />
      <PendingOverlay />
    </>
  );
}
