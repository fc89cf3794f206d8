import {
  type CSSProperties,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import type { ExternalToast, ToasterProps } from "sonner";

/*
 * Sonner paints toasts from its own CSS variables; pointing them at the theme tokens keeps toasts
 * on-palette and inside the contrast pairs checked in app.css.
 */
const tokenStyle = {
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
  "--border-radius": "var(--radius)",
} as CSSProperties;

/*
 * Sonner (about 9 KB gzipped) is fetched the first time a toast is raised, not with every page:
 * most public visits never show one. The <Toaster> mounts it then, and toasts wait for that mount
 * because sonner only shows toasts raised after its Toaster subscribed.
 */
type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | undefined;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const loadListeners = new Set<(module: Sonner) => void>();

function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner").then((module) => {
    for (const listener of loadListeners) listener(module);
    return module;
  });
  return sonner;
}

type Kind = "default" | "success" | "error" | "info" | "warning";

type ToastOptions = ExternalToast & {
  /**
   * The toast announces a move to another page (raised just before navigating there), so it
   * belongs to that page and stays when this one is left.
   */
  forNextPage?: boolean;
  /**
   * The toast says something the person must not miss: it stays until they dismiss it. Errors
   * and warnings always do.
   */
  important?: boolean;
};

/*
 * Toasts belong to the page that raised them: leaving it (a new pathname) dismisses them, so an
 * earlier page's news never sits beside the next page's, and a toast still loading when its page
 * is left is never shown. `page` counts the pages seen; each toast remembers the page it is for.
 */
let page = 0;
const owners = new Map<string | number, number>();

function raise(kind: Kind, message: ReactNode, options: ToastOptions = {}) {
  const { forNextPage = false, important = false, ...data } = options;
  const owner = forNextPage ? page + 1 : page;
  // What the person must not miss stays until they dismiss it, not 5 s.
  if (important || kind === "error" || kind === "warning") data.duration = Number.POSITIVE_INFINITY;
  void loadSonner().then(async (module) => {
    await mounted;
    if (owner < page) return;
    const id = kind === "default" ? module.toast(message, data) : module.toast[kind](message, data);
    owners.set(id, owner);
  });
}

/** Dismisses the toasts of the page being left; the root's Toaster calls it on a new pathname. */
function leavePage() {
  page += 1;
  const stale = [...owners].filter(([, owner]) => owner < page).map(([id]) => id);
  if (stale.length === 0) return;
  for (const id of stale) owners.delete(id);
  void sonner?.then((module) => {
    for (const id of stale) module.toast.dismiss(id);
  });
}

/** sonner's toast(), loaded on first use. */
export const toast = Object.assign(
  (message: ReactNode, data?: ToastOptions) => raise("default", message, data),
  {
    success: (message: ReactNode, data?: ToastOptions) => raise("success", message, data),
    error: (message: ReactNode, data?: ToastOptions) => raise("error", message, data),
    info: (message: ReactNode, data?: ToastOptions) => raise("info", message, data),
    warning: (message: ReactNode, data?: ToastOptions) => raise("warning", message, data),
    /** Dismisses one toast by its `id`, e.g. a form's problem when the form is swapped. */
    dismiss: (id: string | number) => {
      owners.delete(id);
      void sonner?.then((module) => module.toast.dismiss(id));
    },
  },
);

/**
 * Mount once in the root layout. At most 5 toasts visible, bottom-right, with a close button:
 * each for 5 s, except errors, warnings and toasts raised `important`, which stay until dismissed.
 *
 * The live region that announces them is in the page's HTML from the start, and sonner's list
 * is put inside it once loaded: a region added to the page with its first message is often not
 * announced at all, and sonner's own region only arrives with the first toast (sonner is fetched
 * then). Sonner's list is no live region of its own, so nothing is announced twice. Never put the
 * only copy of important information (or an action the user must take) in a toast.
 */
export function Toaster({ toastOptions, style, ...props }: ToasterProps) {
  const [module, setModule] = useState<Sonner | undefined>();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (module) region.current?.querySelector("section[aria-live]")?.removeAttribute("aria-live");
  }, [module]);
  const { pathname } = useLocation();
  const first = useRef(true);
  // A layout effect runs before the new page's own effects, which may raise its toasts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new pathname
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    leavePage();
  }, [pathname]);
  useEffect(() => {
    const listener = (loaded: Sonner) => setModule(() => loaded);
    loadListeners.add(listener);
    // A toast raised before this effect ran has started loading already.
    void sonner?.then(listener);
    return () => {
      loadListeners.delete(listener);
    };
  }, []);
  // Runs after sonner's own Toaster has subscribed (children's effects run first).
  useEffect(() => {
    if (module) markMounted();
  }, [module]);
  const Sonner = module?.Toaster;
  return (
    <div
      ref={region}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      data-testid="toast-region"
    >
      {Sonner ? (
        <Sonner
          position="bottom-right"
          visibleToasts={5}
          duration={5000}
          richColors={false}
          closeButton
          theme="light"
          style={{ ...tokenStyle, ...style }}
          toastOptions={{
            ...toastOptions,
            classNames: {
              toast: "font-sans text-sm shadow-md",
              title: "font-semibold",
              description: "text-muted-foreground!",
              actionButton: "bg-primary! text-primary-foreground! font-medium",
              cancelButton: "bg-secondary! text-secondary-foreground!",
              ...toastOptions?.classNames,
            },
          }}
          {...props}
        />
      ) : null}
    </div>
  );
}
