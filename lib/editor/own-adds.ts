/**
 * Whether this page added records to the org since it last asked. The canvas writes the places it
 * holds for new records only after an add of the user's own: a record someone else added (a file
 * written outside, a teammate's commit) keeps its place in this view without the studio writing
 * the project's layout file on its own.
 */
let pending = false;

export function noteOwnAdd(): void {
  pending = true;
}

export function takeOwnAdd(): boolean {
  const was = pending;
  pending = false;
  return was;
}
