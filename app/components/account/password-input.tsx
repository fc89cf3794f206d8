import { EyeIcon, EyeOffIcon } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";

/**
 * A password field with a show/hide button. Without JavaScript it is a plain password field (the
 * button only appears once hydrated).
 */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  const [visible, setVisible] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    // self-start: in a form field's grid a stretched row would centre the eye button below the input.
    <div className="relative self-start">
      <Input type={visible ? "text" : "password"} className={cn("pr-12", className)} {...props} />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {visible ? (
            <EyeOffIcon aria-hidden="true" className="size-5" />
          ) : (
            <EyeIcon aria-hidden="true" className="size-5" />
          )}
        </button>
      ) : null}
    </div>
  );
}
