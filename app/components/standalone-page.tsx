import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Wordmark } from "./wordmark";

const widths = { narrow: "max-w-3xl", wide: "max-w-6xl" } as const;

/**
 * The header and main of a page reached from an e-mail link rather than the site: the wordmark
 * alone, with no navigation that would lead away mid-task.
 */
export function StandalonePage({
  width,
  mainClassName,
  children,
}: {
  width: keyof typeof widths;
  mainClassName?: string;
  children: ReactNode;
}) {
  return (
    <>
      <header className="border-border border-b bg-background">
        <div className={cn("mx-auto flex h-16 items-center px-4 sm:px-6", widths[width])}>
          <Wordmark className="h-8 w-auto text-foreground" />
        </div>
      </header>
      <main
        id="main"
        className={cn(
          "mx-auto w-full flex-1 px-4 pt-6 pb-16 sm:px-6",
          widths[width],
          mainClassName,
        )}
      >
        {children}
      </main>
    </>
  );
}
