import {
  ArrowLeftIcon,
  ChevronDownIcon,
  CoinsIcon,
  HomeIcon,
  LogOutIcon,
  MenuIcon,
  XIcon,
} from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { focusRing } from "~/components/ui/focus-ring";
import { cn } from "~/lib/cn";
import { OrganisationSwitchForms } from "./account/organisation-switcher.tsx";
import {
  areaNavItems,
  areasWithPageNavigation,
  billingPages,
  doctorLoginLink,
  publicNavItems,
} from "./site-navigation.ts";
import { Wordmark } from "./wordmark.tsx";

/** Signed-in state shown in the header; null for visitors. */
export interface HeaderAccount {
  /** Where "My Account" and the role's Dashboard lead. */
  home: string;
  role: "employer" | "doctor" | "admin";
  name: string;
  /** An employer member's credit balance; absent for non-members and team roles without billing. */
  credits?: number;
  /** An employer's organisation this session acts for, and every one they belong to. */
  organisation?: HeaderOrganisation;
}

/** The employer's active organisation in the header, and the switcher's choices. */
export interface HeaderOrganisation {
  id: string;
  name: string;
  roleLabel: string;
  /** The person's role may manage billing: Subscription and the credits badge are shown. */
  billing: boolean;
  /** The person's role may manage the team: the menu says "Team", else "Your organisation". */
  team: boolean;
  /** Every organisation the person belongs to; the switcher shows when there are two or more. */
  memberships: { id: string; name: string; roleLabel: string }[];
}

/** The credit balance next to My Account; it leads to the subscription page. */
function CreditsBadge({ credits }: { credits: number }) {
  const label = `${credits} ${credits === 1 ? "credit" : "credits"}`;
  return (
    <Link
      to="/employer-subscription"
      aria-label={label}
      title={label}
      data-testid="credits-badge"
      className="inline-flex items-center gap-1 rounded-full bg-accent px-2.5 py-1 font-semibold text-accent-foreground text-xs hover:bg-accent/80"
    >
      <CoinsIcon aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true">{credits}</span>
    </Link>
  );
}

/**
 * The account menu's button: My Account and, for an employer in several organisations, the one
 * this session acts for, so the person always sees where they are.
 */
export function AccountMenuLabel({ account }: { account: HeaderAccount }) {
  const organisation = account.organisation;
  if (!organisation || organisation.memberships.length < 2) return <>My Account</>;
  return (
    <>
      <span>My Account</span>
      <span aria-hidden="true" className="text-muted-foreground">
        ·
      </span>
      <span className="truncate font-normal" data-testid="active-organisation">
        {organisation.name}
      </span>
    </>
  );
}

/** Signs out by POST (works without JavaScript); the server clears the session and cookies. */
function SignOutForm({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <Form method="post" action="/logout" className={className}>
      {children}
    </Form>
  );
}

/*
 * The account menu (Radix dropdown and its positioning code) only appears in the signed-in areas:
 * loaded on demand so visitors to public pages do not download it.
 */
const AccountMenu = lazy(() => import("./account-menu.tsx"));

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

/**
 * Goes back when this tab has in-app history, else home. Before hydration it is a plain link home,
 * so it works without JavaScript. React Router keeps the history index in history.state.idx.
 */
function BackControl() {
  const navigate = useNavigate();
  const location = useLocation();
  const [canGoBack, setCanGoBack] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the history index on every navigation
  useEffect(() => {
    setCanGoBack((window.history.state?.idx ?? 0) > 0);
  }, [location.key]);
  if (location.pathname === "/") return null;
  if (!canGoBack) {
    return (
      <Button asChild variant="ghost" size="sm">
        <Link to="/">
          <HomeIcon aria-hidden="true" className="size-4" />
          Home
        </Link>
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="sm" onClick={() => navigate(-1)}>
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      Back
    </Button>
  );
}

/**
 * The mobile menu: a native modal <dialog> sliding in from the right. showModal() makes the rest
 * of the page inert, moves focus into the menu, closes on Escape and gives focus back to the
 * button that opened it, without shipping a dialog library to every public page.
 */
function MobileMenu({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => onOpenChange(true)}
      >
        <MenuIcon aria-hidden="true" className="size-6" />
      </Button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape closes it for keyboards */}
      <dialog
        ref={dialog}
        aria-labelledby="mobile-menu-title"
        onClose={() => onOpenChange(false)}
        onClick={(event) => {
          if (event.target === event.currentTarget) onOpenChange(false);
        }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-72 max-w-full overflow-y-auto overscroll-contain border-border border-l bg-background p-0 text-foreground shadow-lg backdrop:bg-black/50 open:motion-safe:transition-transform open:motion-safe:duration-300 open:motion-safe:ease-out open:starting:translate-x-full"
      >
        <div className="flex min-h-full flex-col p-6">
          <h2 id="mobile-menu-title" className="font-semibold text-foreground text-lg">
            Menu
          </h2>
          {children}
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className={cn(
              "absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground",
              focusRing,
            )}
          >
            <XIcon aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </button>
        </div>
      </dialog>
    </>
  );
}

/**
 * The fixed site header. `variant="public"` (marketing and auth pages): the public items, then My
 * Account (signed in) or Sign In. `variant="area"` (signed-in pages): the role's navigation and the
 * account menu; on mobile the menu ends with Sign out.
 */
export function SiteHeader({
  account,
  variant = "public",
}: {
  account: HeaderAccount | null;
  variant?: "public" | "area";
}) {
  const scrolled = useScrolledPast(20);
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on every route change
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  const inArea = variant === "area" && account !== null;
  const items: ReadonlyArray<{ to: string; label: string }> = inArea
    ? areaNavItems[account.role].filter(
        // A team role without billing is offered no billing page (it would be refused).
        (item) => account.organisation?.billing !== false || !billingPages.has(item.to),
      )
    : [
        ...publicNavItems,
        account ? { to: account.home, label: "My Account" } : { to: "/login", label: "Sign In" },
      ];
  // An area with its own section navigation in the page (the admin console) lists nothing here
  // from md up: one navigation, not two. Below md the menu carries its sections.
  const pageNavigation = inArea && areasWithPageNavigation.has(account.role);
  const DesktopBar = pageNavigation ? "div" : "nav";

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={cn(
        "fixed inset-x-0 top-0 z-40 h-16 transition-[background-color,box-shadow] duration-200",
        scrolled ? "bg-white/85 shadow-sm backdrop-blur-md" : "bg-transparent",
      )}
    >
      <div className="mx-auto flex h-full max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="shrink-0 rounded-md text-foreground" aria-label="ReferOH home">
          <Wordmark className="h-8 w-auto" />
        </Link>
        <BackControl />
        <DesktopBar
          aria-label={pageNavigation ? undefined : "Main"}
          className="ml-auto hidden items-center gap-1 md:flex"
        >
          {(pageNavigation ? [] : items).map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 font-medium text-sm hover:bg-muted",
                  isActive && "text-primary",
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
          {inArea ? (
            <div className="ml-2 flex items-center gap-2">
              {account.credits !== undefined ? <CreditsBadge credits={account.credits} /> : null}
              <Suspense
                fallback={
                  <Button variant="outline" size="sm" className="max-w-72" disabled>
                    <AccountMenuLabel account={account} />
                    <ChevronDownIcon aria-hidden="true" className="size-4" />
                  </Button>
                }
              >
                <AccountMenu account={account} />
              </Suspense>
            </div>
          ) : (
            <Link
              to={doctorLoginLink.to}
              className="ml-2 rounded-md px-3 py-2 text-muted-foreground text-sm underline-offset-4 hover:underline"
            >
              {doctorLoginLink.label}
            </Link>
          )}
        </DesktopBar>
        <div className="ml-auto flex items-center gap-2 md:hidden">
          {inArea && account.credits !== undefined ? (
            <CreditsBadge credits={account.credits} />
          ) : null}
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen}>
            {inArea ? (
              <p className="mt-1 text-muted-foreground text-sm">
                {account.name}
                {account.organisation ? (
                  <>
                    <br />
                    <span className="text-foreground">{account.organisation.name}</span>
                    {` · ${account.organisation.roleLabel}`}
                  </>
                ) : null}
              </p>
            ) : null}
            {inArea && account.organisation && account.organisation.memberships.length > 1 ? (
              <OrganisationSwitchForms organisation={account.organisation} />
            ) : null}
            <nav
              aria-label={pageNavigation ? "Administration" : "Mobile"}
              className="mt-6 flex flex-col gap-1"
            >
              {items.map((item) => (
                <Link
                  key={item.to}
                  to={item.to}
                  onClick={() => setMenuOpen(false)}
                  className="rounded-md px-3 py-3 font-medium hover:bg-muted"
                >
                  {item.label}
                </Link>
              ))}
              {inArea ? (
                <>
                  {account.organisation ? (
                    <Link
                      to="/employer-team"
                      onClick={() => setMenuOpen(false)}
                      className="rounded-md px-3 py-3 font-medium hover:bg-muted"
                    >
                      {account.organisation.team ? "Team" : "Your organisation"}
                    </Link>
                  ) : null}
                  <Link
                    to="/account"
                    onClick={() => setMenuOpen(false)}
                    className="rounded-md px-3 py-3 font-medium hover:bg-muted"
                  >
                    Account settings
                  </Link>
                  <SignOutForm className="mt-4 border-t pt-4">
                    <Button type="submit" variant="outline" className="w-full">
                      <LogOutIcon aria-hidden="true" className="size-4" />
                      Sign out
                    </Button>
                  </SignOutForm>
                </>
              ) : (
                <Link
                  to={doctorLoginLink.to}
                  onClick={() => setMenuOpen(false)}
                  className="mt-4 rounded-md px-3 py-3 text-muted-foreground text-sm hover:bg-muted"
                >
                  {doctorLoginLink.label}
                </Link>
              )}
            </nav>
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}
