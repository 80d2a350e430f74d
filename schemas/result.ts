/**
 * Failure as data: `ok: true` with what succeeded, or `ok: false` with a `message` that says why in
 * words. `E` adds what a caller branches on next to the message (a machine `code`, the text left).
 */
export type Result<T extends object = Record<never, never>, E extends object = Record<never, never>> =
  | ({ ok: true } & T)
  | ({ ok: false; message: string } & E);
