import { type FocusEvent, useRef } from "react";

/**
 * `onFocus` for a scrolling dialog panel. Radix's focus trap moves focus with `preventScroll`
 * when Tab wraps from the last control to the first (or Shift+Tab the other way), so the control
 * that receives focus may sit outside the panel's visible part. This brings it into view (WCAG
 * 2.4.11: focus not obscured); `nearest` leaves an already visible control where it is.
 */
function revealFocused(event: FocusEvent<HTMLElement>) {
  const target = event.target;
  if (target === event.currentTarget || !(target instanceof HTMLElement)) return;
  target.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** The panel's `onFocus`: reveals the focused control, then calls the caller's own handler. */
export function revealFocusedThen(onFocus?: (event: FocusEvent<HTMLDivElement>) => void) {
  return (event: FocusEvent<HTMLDivElement>) => {
    revealFocused(event);
    onFocus?.(event);
  };
}

/**
 * `onCloseAutoFocus` for a dialog opened by a link whose address names what it shows (a row's
 * View link). The dialog opens after a navigation, by which time the link may no longer hold
 * focus, so Radix would return focus to <body>; this returns it to the link in the page that
 * leads to `hrefPart`, where the keyboard user left off (WCAG 2.4.3). `openedOn` is the path the
 * dialog was opened on.
 */
export function focusLinkTo(
  event: Event,
  { hrefPart, openedOn }: { hrefPart: string; openedOn: string },
) {
  // Closed by leaving the page (e.g. to the editor it opened): the new page places focus.
  if (window.location.pathname !== openedOn) return;
  // The part must end where the address's value does: a reference is not a link to a longer
  // reference that starts with it.
  const link = Array.from(document.querySelectorAll<HTMLAnchorElement>("#main a[href]")).find(
    (a) => {
      const href = a.getAttribute("href") ?? "";
      const at = href.indexOf(hrefPart);
      return at !== -1 && !/[\w-]/.test(href.charAt(at + hrefPart.length));
    },
  );
  if (!link) return;
  event.preventDefault();
  link.focus();
}

/**
 * `onOpenAutoFocus` and `onCloseAutoFocus` for a dialog that gives focus back to whatever had it
 * when the dialog opened (WCAG 2.4.3). Radix returns focus to the dialog's Trigger, and a dialog
 * the page opens itself (a form's confirmation step) has none, so focus fell to <body>. The
 * element that had focus is read as the dialog opens, before Radix moves focus into it; when it
 * is gone by the time the dialog closes, Radix's own choice stands. The caller's handlers run
 * first, and one that prevents the default keeps its own choice.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
