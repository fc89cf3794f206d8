/**
 * The one focus style every interactive primitive shares: a 3 px ring in the `ring` token, offset
 * from the control so it stays visible on any surface. `outline-hidden` leaves a transparent
 * outline behind, which Windows High Contrast mode paints, so focus never disappears there.
 * The .ui-button rule in app.css spells the same classes out: change both together.
 */
export const focusRing =
  "outline-hidden focus-visible:ring-3 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

/** Focus and error styles for text-like fields (input, textarea, selects, date picker trigger). */
export const fieldStyles =
  "outline-hidden focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background aria-invalid:border-destructive aria-invalid:inset-ring-1 aria-invalid:inset-ring-destructive";
