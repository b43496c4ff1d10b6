export * from "./tenancy";
export * from "./catalog";
export * from "./players";
export * from "./codes";
export * from "./webhooks";
