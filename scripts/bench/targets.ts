/** The targets of issue 23 (docs/performance.md), checked against the figures of each run, and the table that shows them. */

/** The figures of one run that the targets read. */
export type RunFigures = {
  pgbenchTps: number;
  spreadRps: number;
  spreadP99Ms: number;
  hotRps: number;
  hotP99Ms: number;
  clientRps: number;
  purchaseRps: number;
  /** spends refused for too few coins (409) over 1,000 players */
  refusedRps: number;
  /** summed RSS of the server's process tree, peak over the run */
  peakRssMb: number;
  /** ledger page p50, 1,000,000 entries / 1,000 entries (worse of first and deep page) */
  ledgerRatio: number;
  /** null when the webhook scenario did not run */
  webhookDeliveriesPerSecond: number | null;
  webhookAtLeastOnce: boolean | null;
  /** every request of every load scenario got its expected answer (200; 409 for the refused spends) */
  allAnsweredAsExpected: boolean;
};

export type Target = {
  name: string;
  /** the figure checked, and how it is shown */
  figure: (run: RunFigures) => number | null;
  /** "×", "ms", "MB", "/s"; "yes/no" for a condition (1 or 0), shown as yes or no */
  unit: string;
  /** the figure must be at least ("min") or at most ("max") the limit */
  direction: "min" | "max";
  limit: number;
  /** what the figure is, for throughput: the rate next to pgbench's */
  detail?: (run: RunFigures) => string;
};

const ratio = (rps: number, run: RunFigures) => (run.pgbenchTps > 0 ? rps / run.pgbenchTps : 0);
const rate = (rps: number) => `${Math.round(rps).toLocaleString("en-US")} req/s`;

export const TARGETS: Target[] = [
  { name: "spends over 1,000 players vs pgbench", figure: (r) => ratio(r.spreadRps, r), unit: "×", direction: "min", limit: 1.2, detail: (r) => rate(r.spreadRps) },
  { name: "spends over 1,000 players p99", figure: (r) => r.spreadP99Ms, unit: "ms", direction: "max", limit: 20 },
  { name: "spends on one hot player vs pgbench", figure: (r) => ratio(r.hotRps, r), unit: "×", direction: "min", limit: 1.1, detail: (r) => rate(r.hotRps) },
  { name: "spends on one hot player p99", figure: (r) => r.hotP99Ms, unit: "ms", direction: "max", limit: 40 },
  { name: "client spends (player token) vs pgbench", figure: (r) => ratio(r.clientRps, r), unit: "×", direction: "min", limit: 1.0, detail: (r) => rate(r.clientRps) },
  { name: "purchases (coins for an item) vs pgbench", figure: (r) => ratio(r.purchaseRps, r), unit: "×", direction: "min", limit: 0.9, detail: (r) => rate(r.purchaseRps) },
  { name: "refused spends (insufficient funds) vs pgbench", figure: (r) => ratio(r.refusedRps, r), unit: "×", direction: "min", limit: 1.0, detail: (r) => rate(r.refusedRps) },
  { name: "server process tree peak RSS", figure: (r) => r.peakRssMb, unit: "MB", direction: "max", limit: 250 },
  { name: "ledger page p50, 1M entries / 1k entries", figure: (r) => r.ledgerRatio, unit: "×", direction: "max", limit: 1.2 },
  { name: "webhook deliveries to a local receiver", figure: (r) => r.webhookDeliveriesPerSecond, unit: "/s", direction: "min", limit: 500 },
  { name: "webhooks delivered at least once", figure: (r) => (r.webhookAtLeastOnce === null ? null : r.webhookAtLeastOnce ? 1 : 0), unit: "yes/no", direction: "min", limit: 1 },
  { name: "every load request answered as expected", figure: (r) => (r.allAnsweredAsExpected ? 1 : 0), unit: "yes/no", direction: "min", limit: 1 },
];

export type TargetOutcome = {
  target: string;
  limit: string;
  /** one per run; null when not measured */
  figures: (number | null)[];
  details: string[];
  min: number | null;
  max: number | null;
  /** met in every run (and measured in every run) */
  met: boolean;
};

const round = (value: number) => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100);

function holds(target: Target, value: number | null): boolean {
  if (value === null || !Number.isFinite(value)) return false;
  return target.direction === "min" ? value >= target.limit : value <= target.limit;
}

export function evaluateTargets(runs: RunFigures[]): TargetOutcome[] {
  return TARGETS.map((target) => {
    const figures = runs.map((run) => {
      const value = target.figure(run);
      return value === null ? null : round(value);
    });
    const measured = figures.filter((v): v is number => v !== null);
    const yesNo = target.unit === "yes/no";
    return {
      target: target.name,
      limit: yesNo ? "yes" : `${target.direction === "min" ? "≥" : "≤"} ${target.limit}${target.unit === "×" ? "×" : target.unit ? ` ${target.unit}` : ""}`,
      figures,
      details: yesNo ? figures.map((v) => (v === null ? "" : v === 1 ? "yes" : "no")) : target.detail ? runs.map((run) => target.detail?.(run) ?? "") : [],
      min: measured.length > 0 ? Math.min(...measured) : null,
      max: measured.length > 0 ? Math.max(...measured) : null,
      met: figures.every((value) => holds(target, value)),
    };
  });
}

/** One row per target: each run's figure (with the rate behind a ratio), the spread, met or not. */
export function printTargets(outcomes: TargetOutcome[], runCount: number): void {
  const rows = outcomes.map((o) => {
    const row: Record<string, string> = { target: o.target, wanted: o.limit };
    o.figures.forEach((value, i) => {
      const detail = o.details[i] ? ` (${o.details[i]})` : "";
      const shown = o.limit === "yes" ? (o.details[i] ?? "") : `${value}${detail}`;
      row[runCount > 1 ? `run ${i + 1}` : "measured"] = value === null ? "not run" : shown;
    });
    if (runCount > 1) row["min–max"] = o.min === null || o.limit === "yes" ? "–" : `${o.min} – ${o.max}`;
    row.result = o.met ? "met" : "NOT MET";
    return row;
  });
  console.log("\nTargets (issue 23)" + (runCount > 1 ? ` (met = in each of the ${runCount} runs)` : "") + ":");
  console.table(rows);
}
