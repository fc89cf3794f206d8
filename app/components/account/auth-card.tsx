import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** The centred card every sign-in, registration and reset page sits in. */
export function AuthCard({
  title,
  description,
  icon,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="px-4 py-10 sm:py-16">
      <div
        className={cn(
          "mx-auto w-full rounded-xl border bg-card p-6 shadow-sm sm:p-8",
          wide ? "max-w-2xl" : "max-w-md",
        )}
      >
        <div className="mb-6 space-y-2">
          {icon ? (
            <div className="mb-3 flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
              {icon}
            </div>
          ) : null}
          <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
          {description ? <div className="text-muted-foreground">{description}</div> : null}
        </div>
        {children}
        {footer ? <div className="mt-6 border-t pt-6 text-sm">{footer}</div> : null}
      </div>
    </div>
  );
}
