/**
 * The server's live events: `ready` on (re)connecting, `org-changed` when the org's files change
 * (an edit elsewhere, a git checkout), `embed-changed` for the embed runtime.
 */
export function openEvents(): EventSource {
  return new EventSource("/api/events");
}
