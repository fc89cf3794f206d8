import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true from the render after: a control
 * that works as a plain link or form before hydration can take on its scripted behaviour (roving
 * focus, a hidden fallback button) only once its script runs, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
