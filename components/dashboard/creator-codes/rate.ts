/** The form shows a percentage; the server stores basis points. NaN goes through so the server's schema names the field. */
export function percentToBp(text: string): number {
  return text.trim() === "" ? Number.NaN : Math.round(Number(text.replace(",", ".")) * 100);
}

export function bpToPercent(bp: number): string {
  return String(bp / 100);
}
