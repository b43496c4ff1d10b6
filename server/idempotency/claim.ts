import "server-only";

/**
 * An idempotent request's record, as data: who sent it under which key, what it was (its
 * fingerprint), and the status its answer has. The statement that makes the request's effect claims
 * the key with it, so the effect and the record commit together or not at all.
 */
export type IdempotencyClaim = { principal: string; key: string; fingerprint: string; operation: string; status: number };
