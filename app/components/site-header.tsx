import {
  ArrowLeftIcon,
  ChevronDownIcon,
  CoinsIcon,
  HomeIcon,
  LogOutIcon,
  MenuIcon,
  SettingsIcon,
  WalletIcon,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation, useNavigate, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from "~/components/ui/sheet";
import { cn } from "~/lib/cn";
import { areaNavItems, doctorLoginLink, publicNavItems } from "./site-navigation.ts";
import { Wordmark } from "./wordmark.tsx";

/** Signed-in state shown in the header; null for visitors. */
export interface HeaderAccount {
  /** Where "My Account" and the role's Dashboard lead. */
  home: string;
  role: "employer" | "doctor" | "admin";
  name: string;
  /** An employer member's credit balance; absent for non-members (no badge). */
  credits?: number;
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

/** Signs out by POST (works without JavaScript); the server clears the session and cookies. */
function SignOutForm({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <Form method="post" action="/logout" className={className}>
      {children}
    </Form>
  );
}

/** The signed-in account menu: My Account with Subscription (employers) and Logout. */
function AccountMenu({ account }: { account: HeaderAccount }) {
  const submit = useSubmit();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="gap-1">
          My Account
          <ChevronDownIcon aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="font-normal text-muted-foreground">
          {account.name}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <SettingsIcon aria-hidden="true" />
            Account settings
          </Link>
        </DropdownMenuItem>
        {account.role === "employer" ? (
          <DropdownMenuItem asChild>
            <Link to="/employer-subscription">
              <WalletIcon aria-hidden="true" />
              Subscription
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        {/* The menu lives in a portal that closes on select: submit through the router instead of a nested form. */}
        <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/logout" })}>
          <LogOutIcon aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
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
      <Button asChild variant="ghost" size="sm" className="gap-1">
        <Link to="/">
          <HomeIcon aria-hidden="true" className="size-4" />
          Home
        </Link>
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="sm" className="gap-1" onClick={() => navigate(-1)}>
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      Back
    </Button>
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
    ? areaNavItems[account.role]
    : [
        ...publicNavItems,
        account ? { to: account.home, label: "My Account" } : { to: "/login", label: "Sign In" },
      ];

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
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {items.map((item) => (
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
            <Link
              to={doctorLoginLink.to}
              className="ml-2 rounded-md px-3 py-2 text-muted-foreground text-sm underline-offset-4 hover:underline"
            >
              {doctorLoginLink.label}
            </Link>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-2 md:hidden">
          {inArea && account.credits !== undefined ? (
            <CreditsBadge credits={account.credits} />
          ) : null}
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Open menu">
                <MenuIcon aria-hidden="true" className="size-6" />
              </Button>
            </SheetTrigger>
            <SheetContent side="right" className="w-72">
              <SheetTitle>Menu</SheetTitle>
              <SheetDescription className="sr-only">Site navigation</SheetDescription>
              {inArea ? <p className="mt-1 text-muted-foreground text-sm">{account.name}</p> : null}
              <nav aria-label="Mobile" className="mt-6 flex flex-col gap-1">
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
                    <Link
                      to="/account"
                      onClick={() => setMenuOpen(false)}
                      className="rounded-md px-3 py-3 font-medium hover:bg-muted"
                    >
                      Account settings
                    </Link>
                    <SignOutForm className="mt-4 border-t pt-4">
                      <Button
                        type="submit"
                        variant="outline"
                        className="w-full justify-start gap-2"
                      >
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
            </SheetContent>
          </Sheet>
        </div>
      </div>
    </header>
  );
}
