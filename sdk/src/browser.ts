/** The browser build: everything a game client needs, no secret-key client. */
export { GamecoinBrowser, type GamecoinBrowserOptions, type TokenSource } from "./browser-client.js";
export type { BuyPackOptions } from "./buy-pack.js";
export type { CredentialStorage, PlayerCredentials } from "./session.js";
export { GamecoinError, type FieldErrors, type GamecoinErrorCode } from "./errors.js";
export { verifyWebhook, WebhookVerificationError, type VerifyWebhookOptions, type WebhookEvent, type WalletCredited, type WebhookVerificationReason } from "./webhooks.js";
export type { RetryPolicy } from "./transport.js";
export type * from "./types.js";
export type { components, operations, paths } from "./generated/api.js";
