/**
 * Short texts of the document (a field's rule or description) with their `code` spans, without a
 * Markdown parse per table cell: a reference has hundreds of cells. The enclosing table styles the
 * `<code>` elements.
 */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split("`");
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 && i < parts.length - 1 ? <code key={i}>{part}</code> : i % 2 === 1 ? `\`${part}` : part))}
    </>
  );
}
