/**
 * Child process of log-destination.test.ts: the production logger writing to the real stdout.
 * `node … log-writer.ts <lines> <exit|stay>`: writes <lines> info lines, then exits at once or stays
 * up a second (a quiet server).
 */
import { logger } from "@/server/observability/logger";

const count = Number(process.argv[2] ?? "1");
for (let i = 0; i < count; i += 1) logger.info({ line: i, player: "joueur-é-😀" }, "log destination test");
// stderr is written at once: the test times the lines' arrival on stdout from this mark.
process.stderr.write("logged\n");
if (process.argv[3] === "exit") process.exit(0);
else setTimeout(() => undefined, 1_000);
