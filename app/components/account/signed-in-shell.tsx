import type { ReactNode } from "react";
import { SiteFooter } from "~/components/site-footer.tsx";
import { type HeaderAccount, SiteHeader } from "~/components/site-header.tsx";
import { SkipLink } from "~/components/skip-link.tsx";
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
      <SkipLink />
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
