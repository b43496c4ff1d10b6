export { GamecoinServer, type GamecoinServerOptions } from "./server.js";
export * from "./browser.js";
