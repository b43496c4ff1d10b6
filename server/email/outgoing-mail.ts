import "server-only";
/** A message built inside a transaction and sent only after it commits (see send-mail.ts). */
export type OutgoingMail = {
  to: string;
  /** Display name of the sender, e.g. the game's name. */
  fromName: string;
  subject: string;
  text: string;
  html: string;
};
