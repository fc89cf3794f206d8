import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/** Signs out by POST (works without JavaScript); the server clears the session and cookies. */
export function SignOutForm({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Form method="post" action="/logout" className={className}>
      {children}
    </Form>
  );
}

/** Signing out as a page's own button, beside the header's menu item. */
export function SignOutButton({
  className,
  children = "Sign out",
}: {
  className?: string;
  children?: ReactNode;
}) {
  return (
    <SignOutForm>
      <Button type="submit" variant="outline" className={className}>
        {children}
      </Button>
    </SignOutForm>
  );
}
