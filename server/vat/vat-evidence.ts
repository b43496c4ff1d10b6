/**
 * How the pieces of evidence of a buyer's country read together (Implementing Regulation 282/2011:
 * art. 24b(d) asks for two non-contradictory pieces among those of art. 24f). The picked country is the
 * buyer's own statement and the one VAT was charged for; the IP address's country and the payment
 * method's issuing country are checked against it. Pure: the order view and the exports call it.
 */
export const vatEvidenceStatuses = ["agrees", "mixed", "conflict", "insufficient"] as const;
/**
 * - agrees: at least one other piece confirms the picked country and none contradicts it;
 * - mixed: one piece confirms it, another names a different country;
 * - conflict: every other piece names a different country: the picked one has no second piece;
 * - insufficient: no other piece is known (no public IP address, no issuing country reported).
 */
export type VatEvidenceStatus = (typeof vatEvidenceStatuses)[number];

export type VatEvidencePieces = { country: string; ipCountry: string | null; paymentCountry: string | null };

export type VatEvidence = {
  status: VatEvidenceStatus;
  /** The country VAT was charged for and is declared in: always the picked one (see docs/compliance.md). */
  vatCountry: string;
  /**
   * Where the two other pieces agree with each other on another country: the country they point to,
   * which the studio must either rebut or declare (a correction in its OSS return). Else null.
   */
  otherCountry: string | null;
  /** Shown as a warning in the order list and CSV: any piece that disagrees, or too few pieces. */
  flagged: boolean;
};

export function vatEvidenceOf({ country, ipCountry, paymentCountry }: VatEvidencePieces): VatEvidence {
  const others = [ipCountry, paymentCountry].filter((piece): piece is string => piece !== null);
  const confirming = others.filter((piece) => piece === country).length;
  const contradicting = others.length - confirming;
  const status: VatEvidenceStatus = others.length === 0 ? "insufficient" : contradicting === 0 ? "agrees" : confirming > 0 ? "mixed" : "conflict";
  const otherCountry = ipCountry !== null && ipCountry === paymentCountry && ipCountry !== country ? ipCountry : null;
  return { status, vatCountry: country, otherCountry, flagged: status !== "agrees" };
}
