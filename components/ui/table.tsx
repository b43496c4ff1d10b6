import { isValidElement, type CSSProperties, type ReactNode } from "react";
import { ScrollBox } from "./scroll-box";

/** The most columns a list has; each gets a `--col-<n>` label for the phone layout (see globals.css). */
export const MAX_LABELLED_COLUMNS = 10;

/** The plain text of a header ("Amount" from `<NumberHead>Amount</NumberHead>`), for the card labels. */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return "";
}

/**
 * The header texts as CSS custom properties on the table: on a phone each cell shows its column's name
 * before its value. Custom properties in a style attribute, not a <style> element: the CSP allows inline
 * style attributes but no inline style sheets.
 */
export function columnLabels(head: ReactNode[]): CSSProperties {
  const style: Record<string, string> = {};
  head.slice(0, MAX_LABELLED_COLUMNS).forEach((h, i) => {
    const text = textOf(h).trim();
    if (text) style[`--col-${i + 1}`] = JSON.stringify(text);
  });
  return style as CSSProperties;
}

/**
 * Every list of the dashboard. On a wide screen a table; under 640 px each row is a card of
 * "label: value" lines (the `stack-table` rules in globals.css), so the amount, status and actions of
 * a row are on screen without scrolling sideways.
 */
export function Table({ head, children, label, caption }: { head: ReactNode[]; children: ReactNode; label?: string; caption?: string }) {
  return (
    <ScrollBox label={label}>
      <table className="stack-table w-full text-left text-sm" style={columnLabels(head)}>
        {/* The table's name for screen readers, where the card's title is not enough to find it among others. */}
        {caption !== undefined && <caption className="sr-only">{caption}</caption>}
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {head.map((h, i) => (
              <th key={i} className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </ScrollBox>
  );
}
