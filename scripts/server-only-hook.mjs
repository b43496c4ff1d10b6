/**
 * `tsx --import ./scripts/server-only-hook.mjs …`: scripts and the custom server import server modules
 * outside React's server layer, where `server-only` throws by design. This resolves that one package
 * with the react-server condition (its empty module), leaving every other import as it was: a global
 * `--conditions=react-server` would also switch React itself, which Next.js loads in the same process.
 */
import { register } from "node:module";

register("./server-only-loader.mjs", import.meta.url);
