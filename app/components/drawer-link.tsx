import type { ComponentProps } from "react";
import { Link, useNavigate } from "react-router";

/**
 * A link to a page that a drawer enhances: its address (`to`) is the page itself, which works
 * without JavaScript, before hydration and in a new tab. Once scripts run, a plain click (no
 * modifier key, main button) goes to `drawer` instead, the same thing shown over the current
 * list, so the person keeps their place in it.
 */
export function DrawerLink({
  drawer,
  onClick,
  ...props
}: ComponentProps<typeof Link> & { drawer: string }) {
  const navigate = useNavigate();
  return (
    <Link
      {...props}
      onClick={(event) => {
        onClick?.(event);
        const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (event.defaultPrevented || event.button !== 0 || modified) return;
        event.preventDefault();
        navigate(drawer, { preventScrollReset: true });
      }}
    />
  );
}
