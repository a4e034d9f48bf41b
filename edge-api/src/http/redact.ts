/**
 * Takes out of a text what must never reach a log line or the console (DESIGN.md §3):
 * the user and password of a URL (`libsql://user:secret@host`), a libSQL `authToken=` in a URL's
 * query, bearer tokens and JWTs (Firebase ID tokens), and e-mail addresses. For texts the code
 * does not write itself: a library's error message (the database client quotes its URL), an
 * unexpected error's stack. Phone numbers and addresses are never passed to a log line at all:
 * they only travel in bodies, which are never logged.
 */

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // scheme://user:password@host → scheme://[credentials]@host (also a user alone).
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"']+@/gi, '$1[credentials]@'],
  [/\b(authToken|auth_token|token|password|secret)=[^\s&"']+/gi, '$1=[hidden]'],
  [/\bBearer\s+[\w.~+/=-]+/g, 'Bearer [token]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  [/[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/gi, '[e-mail]'],
];

/** Returns `text` with credentials, tokens and e-mail addresses replaced by a placeholder naming what was there. */
export function redact(text: string): string {
  return RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}
