/** The shop's default accent (indigo-700: AA with white text). */
export const DEFAULT_ACCENT = "#4338ca";

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of #rrggbb. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour for buttons on the studio's accent: white or black, whichever contrasts more.
 * One of the two always reaches 4.5:1 (WCAG AA) on any colour, so any accent the studio picks is usable.
 */
export function textOnAccent(accent: string): string {
  const white = "#ffffff";
  const ink = "#000000";
  return contrastRatio(accent, white) >= contrastRatio(accent, ink) ? white : ink;
}
