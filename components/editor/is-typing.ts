/** True when a key press belongs to a text field or the code editor, so global shortcuts let it be. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === "INPUT" ||
      el.tagName === "TEXTAREA" ||
      el.tagName === "SELECT" ||
      el.isContentEditable ||
      !!el.closest(".monaco-editor"))
  );
}
