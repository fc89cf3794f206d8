import type { ReactNode } from "react";
import { Outlet } from "react-router";
import type { HeaderAccount } from "~/components/site-header.tsx";
import { SignedInShell } from "./signed-in-shell.tsx";

/**
 * The layout of a signed-in area: its pages inside the signed-in shell, after anything the area
 * shows above every page (the administrators' navigation).
 */
export function SignedInArea({
  shell,
  children,
}: {
  shell: { account: HeaderAccount; year: number };
  children?: ReactNode;
}) {
  return (
    <SignedInShell account={shell.account} year={shell.year}>
      {children}
      <Outlet />
    </SignedInShell>
  );
}
