import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps, toast } from "sonner";

export type { ToasterProps };
export { toast };

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

/**
 * Mount once in the root layout. At most 5 toasts visible, each for 5 s, bottom-right, with a
 * close button. Toasts are announced politely; never put the only copy of important
 * information (or an action the user must take) in a toast.
 */
export function Toaster({ toastOptions, style, ...props }: ToasterProps) {
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
