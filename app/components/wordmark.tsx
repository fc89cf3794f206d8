/** The ReferOH wordmark: a cross in a rounded square and the name, as inline SVG (no request, crisp at any size). */
export function Wordmark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 132 32"
      role="img"
      aria-label="ReferOH"
      className={className}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width="32" height="32" rx="7" fill="var(--primary)" />
      <path d="M16 8v16M8 16h16" stroke="#fff" strokeWidth="4.5" strokeLinecap="round" />
      <text
        x="40"
        y="23"
        fill="currentColor"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontSize="21"
        fontWeight="700"
        letterSpacing="-0.5"
        // The name always spans the same 90 units, whatever system font draws it.
        textLength="90"
        lengthAdjust="spacingAndGlyphs"
      >
        Refer<tspan fill="var(--primary)">OH</tspan>
      </text>
    </svg>
  );
}
