import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A block of the doctor's work on a case (beside the report, or on the case page), under its icon
 * and heading.
 */
export function CaseWorkSection({
  id,
  icon: Icon,
  title,
  frame = "card",
  children,
  ...props
}: Omit<ComponentProps<"section">, "title" | "className"> & {
  id: string;
  icon: LucideIcon;
  title: string;
  /** The frame: dashed and muted for what stays private, a card otherwise. */
  frame?: "private" | "card";
  children: ReactNode;
}) {
  return (
    <section
      className={cn(
        "mt-6 rounded-xl border p-5",
        frame === "private" ? "border-dashed bg-muted/30" : "bg-card",
      )}
      aria-labelledby={`${id}-heading`}
      {...props}
    >
      <h2 id={`${id}-heading`} className="flex items-center gap-2 font-semibold text-lg">
        <Icon aria-hidden="true" className="size-5" />
        {title}
      </h2>
      {children}
    </section>
  );
}
