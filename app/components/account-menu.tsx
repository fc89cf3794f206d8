import { ChevronDownIcon, LogOutIcon, SettingsIcon, UsersIcon, WalletIcon } from "lucide-react";
import { Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { switchOrganisationPath } from "~/lib/active-organisation.ts";
import { OrganisationChoice } from "./account/organisation-switcher.tsx";
import { AccountMenuLabel, type HeaderAccount } from "./site-header.tsx";

/**
 * The signed-in account menu: the organisations to switch between (an employer in several), My
 * Account with Subscription (employers whose role manages billing) and Logout.
 */
export default function AccountMenu({ account }: { account: HeaderAccount }) {
  const submit = useSubmit();
  const organisation = account.organisation;
  const switching = organisation && organisation.memberships.length > 1;
  const billing = account.role === "employer" && (organisation?.billing ?? true);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="max-w-72">
          <AccountMenuLabel account={account} />
          <ChevronDownIcon aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-64">
        <DropdownMenuLabel className="text-muted-foreground">{account.name}</DropdownMenuLabel>
        {switching ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Organisations</DropdownMenuLabel>
            {/* The menu lives in a portal that closes on select: the switch is submitted through
                the router; the mobile menu has the same choice as real forms. */}
            {organisation.memberships.map((choice) => {
              const active = choice.id === organisation.id;
              return (
                <DropdownMenuItem
                  key={choice.id}
                  aria-current={active ? "true" : undefined}
                  data-testid="organisation-choice"
                  onSelect={() =>
                    active
                      ? undefined
                      : submit(
                          { organisationId: choice.id },
                          { method: "post", action: switchOrganisationPath },
                        )
                  }
                >
                  <OrganisationChoice choice={choice} active={active} />
                </DropdownMenuItem>
              );
            })}
          </>
        ) : null}
        <DropdownMenuSeparator />
        {account.organisation ? (
          <DropdownMenuItem asChild>
            <Link to="/employer-team">
              <UsersIcon aria-hidden="true" />
              {account.organisation.team ? "Team" : "Your organisation"}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/account">
            <SettingsIcon aria-hidden="true" />
            Account settings
          </Link>
        </DropdownMenuItem>
        {billing ? (
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
