// Runs in every test worker before the test files: embedded in-memory database unless DATABASE_URL is set.
if (!process.env.DATABASE_URL) process.env.PGLITE_DATA_DIR = "memory://";
process.env.SCHEDULER = "off";
// One JSON line per request would bury the test output; tests that read the log capture it (captureLogsForTests).
process.env.LOG_LEVEL ??= "warn";
// The per-key limit is tested on its own; other tests must not trip over it.
process.env.SERVER_RATE_LIMIT_PER_MINUTE ??= "1000000";
process.env.PUBLIC_URL ??= "http://localhost:3000";
