import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/**
 * The 404 screen: the public site's page for an unknown address, and, inside a signed-in area
 * (below its header, hence shorter), a page of that area that does not exist.
 */
export function PageNotFound({
  inArea = false,
  message,
  link,
}: {
  inArea?: boolean;
  message: ReactNode;
  link: { to: string; label: string };
}) {
  return (
    <section
      className={cn(
        "mx-auto flex max-w-xl flex-col items-start justify-center gap-4 px-6 py-16",
        inArea ? "min-h-[50vh]" : "min-h-[60vh]",
      )}
      data-testid={inArea ? "area-not-found" : undefined}
    >
      <h1 className="font-bold text-5xl tracking-tight">
        404{" "}
        <span className="block font-semibold text-2xl text-muted-foreground">
          Oops! Page not found
        </span>
      </h1>
      <p className="text-muted-foreground">{message}</p>
      <Link to={link.to} className="font-medium text-primary underline underline-offset-4">
        {link.label}
      </Link>
    </section>
  );
}
