/**
 * Preformatted text in a box of limited height (a webhook body, a response excerpt). The box scrolls,
 * so it is a named tab stop: keyboard users scroll it with the arrow keys (WCAG 2.1.1; axe
 * scrollable-region-focusable), on a phone as on a desktop.
 */
export function CodeBlock({ label, children, className = "", testId, wrap = true }: { label: string; children: string; className?: string; testId?: string; wrap?: boolean }) {
  return (
    <pre
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
      className={`overflow-auto ${wrap ? "whitespace-pre-wrap break-all" : ""} font-mono focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${className}`}
    >
      {children}
    </pre>
  );
}
