// dist/cjs/ holds the CommonJS build; the package itself is "type": "module", so Node and TypeScript
// would read those .js files as ES modules without this marker.
import { writeFileSync } from "node:fs";

writeFileSync(new URL("../dist/cjs/package.json", import.meta.url), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);
