import {
  ArrowLeftIcon,
  ChevronDownIcon,
  CoinsIcon,
  HomeIcon,
  LogOutIcon,
  MenuIcon,
  PlugIcon,
  SettingsIcon,
  UsersIcon,
  WalletIcon,
  XIcon,
} from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { focusRing } from "~/components/ui/focus-ring";
import { cn } from "~/lib/cn";
import { OrganisationSwitchForms } from "./account/organisation-switcher.tsx";
import { SignOutForm } from "./account/sign-out.tsx";
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
  /** May manage API keys and webhooks (the Integrations page). */
  integrations: boolean;
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
function AccountMenuLabel({ account }: { account: HeaderAccount }) {
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

/**
 * A menu that is a native <details>: its <summary> opens and closes it before and without
 * JavaScript, so a click made before hydration is never lost (docs/decisions/0014). Once React
 * has the page it adds what a menu is expected to do: Escape closes it and gives focus back to
 * its summary, a click outside it or a page change closes it, and opening one closes the others.
 */
function useDisclosureMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const page = `${location.pathname}${location.search}`;
  const shownOn = useRef(page);
  // Closes on a page change, not on hydration: a menu opened before the script ran stays open.
  useEffect(() => {
    if (shownOn.current === page) return;
    shownOn.current = page;
    if (ref.current) ref.current.open = false;
  }, [page]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const summary = details.querySelector("summary");
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || !details?.open) return;
      const hadFocus = details.contains(document.activeElement);
      details.open = false;
      if (hadFocus) summary?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (!details?.open) return;
      const target = event.target as Node | null;
      // The backdrop is inside the <details> but outside the panel: a click on it closes too.
      if (target && details.contains(target) && !(target as Element).closest?.("[data-backdrop]"))
        return;
      details.open = false;
    }
    function onToggle() {
      if (!details?.open) return;
      for (const other of document.querySelectorAll<HTMLDetailsElement>("details[data-menu]"))
        if (other !== details) other.open = false;
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    details.addEventListener("toggle", onToggle);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      details.removeEventListener("toggle", onToggle);
    };
  }, []);
  return ref;
}

/** The <summary> of a menu, without the browser's disclosure triangle. */
const menuSummary = "cursor-pointer list-none [&::-webkit-details-marker]:hidden";

/**
 * The signed-in account menu: the organisations to switch between (an employer in several), the
 * account's pages and Sign out, as links and real forms inside a <details>, so each works before
 * and without JavaScript.
 */
function AccountMenu({ account }: { account: HeaderAccount }) {
  const ref = useDisclosureMenu();
  const organisation = account.organisation;
  const switching = organisation && organisation.memberships.length > 1;
  const billing = account.role === "employer" && (organisation?.billing ?? true);
  const item = cn(
    "flex w-full items-center gap-2 rounded-sm px-2 py-2 text-left text-sm hover:bg-accent hover:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground",
    focusRing,
  );
  return (
    <details ref={ref} data-menu="account" className="relative">
      <summary
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          menuSummary,
          "max-w-72 [[open]>&]:bg-accent",
        )}
      >
        <AccountMenuLabel account={account} />
        <ChevronDownIcon aria-hidden="true" className="size-4" />
      </summary>
      <div
        data-testid="account-menu"
        className="absolute top-full right-0 z-50 mt-1 max-h-[calc(100dvh-5rem)] min-w-64 overflow-y-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md"
      >
        <p className="px-2 py-1.5 font-medium text-muted-foreground text-sm">{account.name}</p>
        {switching ? (
          <OrganisationSwitchForms organisation={organisation} className="mt-1 border-t pt-2" />
        ) : null}
        <ul className="mt-1 border-t pt-1">
          {organisation ? (
            <li>
              <Link to="/employer-team" className={item}>
                <UsersIcon aria-hidden="true" />
                {organisation.team ? "Team" : "Your organisation"}
              </Link>
            </li>
          ) : null}
          {organisation?.integrations ? (
            <li>
              <Link to="/employer-integrations" className={item}>
                <PlugIcon aria-hidden="true" />
                API and webhooks
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/account" className={item}>
              <SettingsIcon aria-hidden="true" />
              Account settings
            </Link>
          </li>
          {billing ? (
            <li>
              <Link to="/employer-subscription" className={item}>
                <WalletIcon aria-hidden="true" />
                Subscription
              </Link>
            </li>
          ) : null}
        </ul>
        <SignOutForm className="mt-1 border-t pt-1">
          <button type="submit" className={cn(item, "cursor-pointer")}>
            <LogOutIcon aria-hidden="true" />
            Sign out
          </button>
        </SignOutForm>
      </div>
    </details>
  );
}

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
 * The mobile menu: a <details> whose panel slides in from the right under the header. Its summary
 * opens and closes it before and without JavaScript, so phones always have the area's navigation
 * and Sign out (docs/decisions/0014); once hydrated, Escape, a click on the backdrop and a page
 * change close it (useDisclosureMenu).
 */
function MobileMenu({ children }: { children: ReactNode }) {
  const ref = useDisclosureMenu();
  return (
    <details ref={ref} data-menu="mobile" className="group/menu">
      <summary
        aria-label="Menu"
        className={cn(
          buttonVariants({ variant: "ghost", size: "icon" }),
          menuSummary,
          "relative z-50",
        )}
      >
        <MenuIcon aria-hidden="true" className="size-6 group-open/menu:hidden" />
        <XIcon aria-hidden="true" className="hidden size-6 group-open/menu:block" />
      </summary>
      <div
        data-backdrop
        aria-hidden="true"
        className="fixed inset-x-0 top-16 bottom-0 bg-black/50"
      />
      <section
        aria-labelledby="mobile-menu-title"
        className="fixed top-16 right-0 bottom-0 z-50 w-72 max-w-full overflow-y-auto overscroll-contain border-border border-l bg-background text-foreground shadow-lg motion-safe:transition-transform motion-safe:duration-300 motion-safe:ease-out starting:translate-x-full"
      >
        <div className="flex min-h-full flex-col p-6">
          <h2 id="mobile-menu-title" className="font-semibold text-foreground text-lg">
            Menu
          </h2>
          {children}
        </div>
      </section>
    </details>
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
        // A backdrop filter would make the header the box the open menu's fixed panel is placed
        // in: while a menu is open the header is plain white instead.
        "has-[details[open]]:bg-white has-[details[open]]:[backdrop-filter:none]",
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
              <AccountMenu account={account} />
            </div>
          ) : (
            <DoctorLoginLink className="ml-2 rounded-md px-3 py-2 text-muted-foreground text-sm underline-offset-4 hover:underline" />
          )}
        </DesktopBar>
        <div className="ml-auto flex items-center gap-2 md:hidden">
          {inArea && account.credits !== undefined ? (
            <CreditsBadge credits={account.credits} />
          ) : null}
          <MobileMenu>
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
                      className="rounded-md px-3 py-3 font-medium hover:bg-muted"
                    >
                      {account.organisation.team ? "Team" : "Your organisation"}
                    </Link>
                  ) : null}
                  {account.organisation?.integrations ? (
                    <Link
                      to="/employer-integrations"
                      className="rounded-md px-3 py-3 font-medium hover:bg-muted"
                    >
                      API and webhooks
                    </Link>
                  ) : null}
                  <Link to="/account" className="rounded-md px-3 py-3 font-medium hover:bg-muted">
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
                <DoctorLoginLink className="mt-4 rounded-md px-3 py-3 text-muted-foreground text-sm hover:bg-muted" />
              )}
            </nav>
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}

/** The doctors' way in, offered to visitors beside the public navigation on every width. */
function DoctorLoginLink({ className }: { className: string }) {
  return (
    <Link to={doctorLoginLink.to} className={className}>
      {doctorLoginLink.label}
    </Link>
  );
}
