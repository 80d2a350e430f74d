/**
 * Waits (up to `timeoutMs`) for the lazily loaded panel and form, then focuses the first `data-field` candidate;
 * a problem no form field shows brings the panel's problem list into view instead.
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
