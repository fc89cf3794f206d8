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
import type { HeaderAccount } from "./site-header.tsx";

/** The signed-in account menu: My Account with Subscription (employers) and Logout. */
export default function AccountMenu({ account }: { account: HeaderAccount }) {
  const submit = useSubmit();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          My Account
          <ChevronDownIcon aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="text-muted-foreground">{account.name}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <SettingsIcon aria-hidden="true" />
            Account settings
          </Link>
        </DropdownMenuItem>
        {account.team ? (
          <DropdownMenuItem asChild>
            <Link to={account.team.to}>
              <UsersIcon aria-hidden="true" />
              {account.team.label}
            </Link>
          </DropdownMenuItem>
        ) : null}
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
