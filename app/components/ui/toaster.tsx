import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import type { ExternalToast, ToasterProps } from "sonner";

export type { ToasterProps };

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

function raise(kind: Kind, message: ReactNode, data?: ExternalToast) {
  void loadSonner().then(async (module) => {
    await mounted;
    if (kind === "default") module.toast(message, data);
    else module.toast[kind](message, data);
  });
}

/** sonner's toast(), loaded on first use. */
export const toast = Object.assign(
  (message: ReactNode, data?: ExternalToast) => raise("default", message, data),
  {
    success: (message: ReactNode, data?: ExternalToast) => raise("success", message, data),
    error: (message: ReactNode, data?: ExternalToast) => raise("error", message, data),
    info: (message: ReactNode, data?: ExternalToast) => raise("info", message, data),
    warning: (message: ReactNode, data?: ExternalToast) => raise("warning", message, data),
  },
);

/**
 * Mount once in the root layout. At most 5 toasts visible, each for 5 s, bottom-right, with a
 * close button. Toasts are announced politely; never put the only copy of important
 * information (or an action the user must take) in a toast.
 */
export function Toaster({ toastOptions, style, ...props }: ToasterProps) {
  const [module, setModule] = useState<Sonner | undefined>();
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
  if (!module) return null;
  const Sonner = module.Toaster;
  return (
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
  );
}
