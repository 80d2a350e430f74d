/**
 * Once the panel shows record `id`, scrolls the first of `candidates` (form paths, most precise
 * first, as `fieldCandidates` gives them) into view and focuses its input. The panel's forms mark
 * each field with `data-field="<path>"` (FieldShell); the panel loads lazily and its form after
 * the record, so this waits for them, up to `timeoutMs`. A problem no form field shows (a field
 * edited only as JSON) brings the panel's problem list into view instead.
 */
export function focusFieldWhenShown(id: string, candidates: readonly string[], timeoutMs = 5000): () => void {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    const panel = document.querySelector<HTMLElement>("[data-testid=entity-panel]");
    const title = panel?.querySelector('[data-testid="panel-title"]')?.textContent?.trim();
    const form = panel?.querySelector("form");
    // A closing Radix dialog (the palette, the problem list) still traps focus: wait it out.
    const dialogOpen = !!document.querySelector('[role="dialog"][data-state="open"]');
    if (panel && title === id && form && !dialogOpen) {
      for (const path of candidates) {
        const field = panel.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"]`);
        if (!field) continue;
        field.scrollIntoView({ block: "center" });
        const input = field.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, [tabindex]");
        (input ?? field).focus({ preventScroll: true });
        return;
      }
      panel.querySelector('[data-testid="panel-problems"]')?.scrollIntoView({ block: "nearest" });
      return;
    }
    if (performance.now() - started < timeoutMs) timer = setTimeout(attempt, 50);
  };
  timer = setTimeout(attempt, 0);
  return () => clearTimeout(timer);
}
