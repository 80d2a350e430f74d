/** One focus on its way at a time: a second opening cancels the first's wait. */
let pending: ReturnType<typeof setTimeout> | undefined;

const FIELD = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

/**
 * Waits (up to `timeoutMs`) for the lazily loaded panel named `label` ("specialist cx-qa", "team new")
 * and its form, then moves focus into it: to the first `data-field` candidate asked for, else a new
 * record's first field, else the record's heading. A problem no form field shows brings the panel's
 * problem list into view.
 */
export function focusPanelWhenShown(label: string, candidates: readonly string[], timeoutMs = 5000): void {
  clearTimeout(pending);
  const started = performance.now();
  const attempt = () => {
    const panel = [...document.querySelectorAll<HTMLElement>("[data-testid=entity-panel]")].find(
      (el) => el.getAttribute("aria-label") === label,
    );
    const heading = panel?.querySelector<HTMLElement>('[data-testid="panel-title"]');
    const form = panel?.querySelector("form");
    const isNew = label.endsWith(" new");
    // A closing modal (the palette, the problem list) still traps focus: wait it out.
    const modalOpen = !!document.querySelector('[role="dialog"][data-state="open"]:not([data-modeless])');
    if (panel && heading && !modalOpen && (form || !(isNew || candidates.length))) {
      for (const path of candidates) {
        const field = panel.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"]`);
        if (!field) continue;
        field.scrollIntoView({ block: "center" });
        const input = field.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, [tabindex]");
        (input ?? field).focus({ preventScroll: true });
        return;
      }
      if (candidates.length)
        panel.querySelector('[data-testid="panel-problems"]')?.scrollIntoView({ block: "nearest" });
      const first = isNew ? form?.querySelector<HTMLElement>(FIELD) : null;
      (first ?? heading).focus({ preventScroll: !!candidates.length });
      return;
    }
    if (performance.now() - started < timeoutMs) pending = setTimeout(attempt, 50);
  };
  pending = setTimeout(attempt, 0);
}
