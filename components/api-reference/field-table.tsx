import styles from "./field-table.module.css";
import { InlineCode } from "./inline-code";
import type { FieldRow } from "./schema";

type Row = FieldRow & { in?: string };

/**
 * Fields as a real table: one header cell per column (`<th scope="col">`) with its own spacing, so
 * screen readers and eyes read "Field", "Type", "Rules" apart; each row is headed by its field name.
 */
export function FieldTable({ rows, caption, showIn = false }: { rows: Row[]; caption: string; showIn?: boolean }) {
  if (rows.length === 0) return null;
  return (
    // Focusable: on a phone the table scrolls sideways inside this box, and a keyboard must reach it.
    <div className={styles.wrap} tabIndex={0}>
      <table className={styles.table}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{showIn ? "Parameter" : "Field"}</th>
            {showIn && <th scope="col">In</th>}
            <th scope="col">Type</th>
            <th scope="col">Rules and notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ""}:${row.name}`}>
              <th scope="row">
                {row.name}
                <span className={row.required ? styles.required : styles.optional}>{row.required ? "required" : "optional"}</span>
              </th>
              {showIn && <td>{row.in}</td>}
              <td className={styles.type}>{row.type}</td>
              <td>
                {row.description && (
                  <p>
                    <InlineCode text={row.description} />
                  </p>
                )}
                {row.rules.length > 0 && (
                  <p className={styles.rules}>
                    <InlineCode text={row.rules.join("; ")} />
                  </p>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
