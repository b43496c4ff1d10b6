/**
 * JSON already written as text (by the database's one builder of a resource), sent as it is instead of
 * being parsed and written again. `T` is the value the text holds, so an operation's answer stays typed.
 */
export class JsonText<T> {
  /** Never set: it carries `T` for the type checker. */
  declare readonly holds?: T;
  constructor(readonly text: string) {}
}

/** An answer body's text: JsonText as written, any other value through JSON.stringify. */
export function answerBodyText(body: unknown): string {
  return body instanceof JsonText ? body.text : JSON.stringify(body);
}
