/**
 * What `npm run dev` does for `/api/v1` on a fresh clone, without Next.js: the empty embedded database
 * gets the demo data, the test keys are printed, and the API answers on PORT. Started by
 * tests/docs/curl-examples.test.ts in a process of its own. Not `npm run dev` itself: Next.js allows
 * one `next dev` per checkout, and a developer's may be running while the tests do.
 */
import { createServer } from "node:http";
import { serveApi } from "@/server/api/node-adapter";
import { answerUnparsableRequest } from "@/server/api/unparsable-request";
import { prepareOnStart } from "@/server/jobs/prepare-on-start";
import { config } from "@/server/lib/config";

await prepareOnStart();
const server = createServer((req, res) => void serveApi(req, res));
server.on("clientError", answerUnparsableRequest);
server.listen(config().PORT, "127.0.0.1", () => process.stdout.write(`demo API listening on ${config().PORT}\n`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
