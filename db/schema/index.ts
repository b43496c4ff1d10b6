export * from "./tenancy";
export * from "./catalog";
export * from "./players";
export * from "./codes";
export * from "./webhooks";
export * from "./orders";
export * from "./email";
export * from "./dashboard";
