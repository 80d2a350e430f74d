export function openEvents(): EventSource {
  return new EventSource("/api/events");
}
