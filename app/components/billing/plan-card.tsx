import type { ReactNode } from "react";
import { useId } from "react";
import { NativeRadio } from "~/components/ui/native-radio";
import { cn } from "~/lib/cn";

/** A selectable card: a real radio inside its label, so it works without JavaScript. */
export function PlanCard({
  name,
  value,
  title,
  price,
  period,
  badge,
  children,
  onSelect,
  defaultChecked,
}: {
  name: string;
  value: string;
  title: string;
  price: string;
  period?: string;
  badge?: string;
  children?: ReactNode;
  onSelect?: (value: string) => void;
  defaultChecked?: boolean;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        "relative flex cursor-pointer flex-col gap-3 rounded-xl border-2 bg-card p-5 shadow-sm transition-colors",
        "hover:border-primary/60 has-[:checked]:border-primary has-[:checked]:bg-accent/40",
        "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
      )}
    >
      <span className="flex items-start justify-between gap-3">
        <span className="font-semibold text-lg">{title}</span>
        <NativeRadio
          id={id}
          name={name}
          value={value}
          defaultChecked={defaultChecked}
          onChange={() => onSelect?.(value)}
        />
      </span>
      {badge ? (
        <span className="w-fit rounded-full bg-primary px-2.5 py-0.5 font-medium text-primary-foreground text-xs">
          {badge}
        </span>
      ) : null}
      <span>
        <span className="font-semibold text-3xl tracking-tight">{price}</span>
        {period ? <span className="text-muted-foreground text-sm"> {period}</span> : null}
      </span>
      {children ? <span className="text-muted-foreground text-sm">{children}</span> : null}
    </label>
  );
}
