import type { Page } from "@playwright/test";

/** The editor page exposes Monaco's namespace so a spec can read and place the caret in what is on screen. */
type MonacoWindow = {
  __studioMonaco: {
    editor: {
      getEditors(): {
        getDomNode(): HTMLElement | null;
        getModel(): { getValue(): string; getPositionAt(offset: number): unknown };
        setPosition(p: unknown): void;
        focus(): void;
      }[];
    };
  };
};

/** The text of the Monaco editor on screen. */
export function monacoText(page: Page) {
  return page.evaluate(() => {
    const editors = (window as unknown as Partial<MonacoWindow>).__studioMonaco?.editor.getEditors() ?? [];
    return (
      editors
        .find((e) => e.getDomNode()?.isConnected)
        ?.getModel()
        .getValue() ?? null
    );
  });
}

/** Puts the caret after `needle` (the typing itself is the keyboard's). */
export async function caretAfter(page: Page, needle: string) {
  await page.evaluate((n) => {
    const editor = (window as unknown as MonacoWindow).__studioMonaco.editor
      .getEditors()
      .find((e) => e.getDomNode()?.isConnected);
    if (!editor) throw new Error("no Monaco editor on the page");
    const model = editor.getModel();
    editor.setPosition(model.getPositionAt(model.getValue().indexOf(n) + n.length));
    editor.focus();
  }, needle);
}
