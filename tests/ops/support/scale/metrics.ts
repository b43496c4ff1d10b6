/** Reads one sample of a running instance's `GET /api/metrics` (Prometheus text format). */

export async function scrape(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET /api/metrics answered ${response.status}`);
  return response.text();
}

/** The value of the sample `name` whose labels include all of `labels` (0 when a counter has no such sample yet). */
export function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([label, value]) => found[label] === value)) return Number(match[3]);
  }
  return 0;
}
