import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * One titled part of an admin page, named by its heading for assistive technology. A card is a
 * part that stands on its own (a form, a summary); a plain section is a list under its heading.
 */
export function AdminSection({
  id,
  title,
  icon: Icon,
  card = false,
  children,
}: {
  /** The heading's id, which the section is labelled by. */
  id: string;
  title: string;
  icon?: LucideIcon;
  card?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={card ? "rounded-xl border bg-card p-6 shadow-sm" : undefined}
    >
      <h2 id={id} className={cn("font-semibold text-lg", Icon && "flex items-center gap-2")}>
        {Icon ? <Icon aria-hidden="true" className="size-5" /> : null}
        {title}
      </h2>
      {children}
    </section>
  );
}
