import { expect, type Locator, type Page } from "@playwright/test";
import { EditorPage } from "./editor-page";

/** The graph editor on a Construct 2.x project: worker profiles in their tiers' boxes, the registry read-only. */
export class WorkerProfilesPage extends EditorPage {
  constructor(page: Page, origin: string) {
    super(page, origin);
  }

  /** The first view as it opens, fitted by the editor itself. */
  async openFirstView() {
    await this.page.setViewportSize({ width: 1440, height: 900 });
    await this.page.goto(`${this.origin}/`);
    await expect(this.node("worker-profile:architect")).toBeAttached();
    await this.settled();
  }

  generation(): Locator {
    return this.page.getByTestId("construct-generation");
  }

  registryForm(): Locator {
    return this.page.getByTestId("registry-form");
  }

  /** Ctrl+K, the query, Enter: the first record found opens in the panel. */
  async openBySearch(query: string, id: string) {
    await this.search(query);
    await expect(this.page.locator('[role="option"][aria-selected="true"]')).toHaveAttribute(
      "data-value",
      new RegExp(`/${id.replace(/\./g, "\\.")}$`),
    );
    await this.page.keyboard.press("Enter");
    await expect(this.panelTitle()).toHaveText(id);
  }

  /** Tabs forward until the field labelled `label` has focus, then types `text` into it. */
  async tabTo(label: string) {
    const field = this.panel().getByLabel(label, { exact: true });
    for (let i = 0; i < 40; i++) {
      if (await field.evaluate((el) => el === document.activeElement)) return field;
      await this.page.keyboard.press("Tab");
    }
    throw new Error(`Tab never reached ${label}`);
  }
}
