/**
 * The first control of every page's frame: hidden until it has keyboard focus, then a link past
 * the header to the page's `<main id="main">` (WCAG 2.4.1, bypass blocks).
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-4 focus:py-2"
    >
      Skip to main content
    </a>
  );
}
