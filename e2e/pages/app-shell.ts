import { expect, type Locator, type Page } from "@playwright/test";

export type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes share any area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The shell every page shares, as a user on any screen meets it: the header, its menu, focus, toasts. */
export class AppShell {
  constructor(readonly page: Page) {}

  menuToggle(): Locator {
    return this.page.getByTestId("header-menu-toggle");
  }

  menu(): Locator {
    return this.page.getByTestId("header-menu");
  }

  nav(): Locator {
    return this.page.getByRole("navigation", { name: "Pages" });
  }

  /** Opens the narrow screen's menu with a tap, as on a phone. */
  async openMenuByTap() {
    await this.menuToggle().tap();
    await expect(this.menuToggle()).toHaveAttribute("aria-expanded", "true");
    await expect(this.menu()).toBeVisible();
  }

  /** The share of the screen the canvas's pane shows (0–1). */
  canvasShare(): Promise<number> {
    return this.page.evaluate(() => {
      const r = document.querySelector(".react-flow")?.getBoundingClientRect();
      if (!r) return 0;
      const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
      const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
      return (w * h) / (innerWidth * innerHeight);
    });
  }

  /**
   * The header's row as laid out: how tall the project's part is against two lines of text (the title
   * and the path under it), and which of the row's parts lie outside that height (wrapped to a row of
   * their own, or pushed the row taller).
   */
  headerRow(): Promise<{ height: number; twoLines: number; outside: string[] }> {
    return this.page.evaluate(() => {
      const header = document.querySelector("header") as HTMLElement;
      const at = (id: string) => header.querySelector<HTMLElement>(`[data-testid="${id}"]`);
      const project = (at("project") as HTMLElement).getBoundingClientRect();
      const lineOf = (el: Element) => Number.parseFloat(getComputedStyle(el).lineHeight);
      const title = at("construct-generation")?.closest("p") as HTMLElement;
      const path = at("project-root") as HTMLElement;
      const parts = {
        pages: header.querySelector("nav"),
        status: at("org-status"),
        search: at("open-search"),
        theme: at("theme-toggle"),
      };
      const outside = Object.entries(parts)
        .filter(([, el]) => el?.checkVisibility())
        .filter(([, el]) => {
          const r = (el as HTMLElement).getBoundingClientRect();
          return r.top < project.top - 0.5 || r.bottom > project.bottom + 0.5;
        })
        .map(([name]) => name);
      return { height: project.height, twoLines: lineOf(title) + lineOf(path), outside };
    });
  }

  /** How wide the page is against the screen: wider means something sticks out sideways. */
  overflowX(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  }

  /** What has the keyboard focus, described for a failure message. */
  focused(): Promise<string> {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return "body";
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}[${el.getAttribute("data-testid") ?? el.getAttribute("aria-label") ?? el.textContent?.slice(0, 30) ?? ""}]`;
    });
  }

  /** Tab and Shift+Tab `presses` times each: focus never leaves `dialog`. */
  async expectFocusTrapped(dialog: Locator, presses = 8) {
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < presses; i++) {
        await this.page.keyboard.press(key);
        expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} ×${i + 1}`).toBe(true);
      }
    }
  }

  /** The toasts shown, by their cards. */
  toasts(): Locator {
    return this.page.locator("[data-sonner-toast]");
  }

  /** The canvas's own controls: zoom buttons, minimap, attribution, the focus bar and the edge box. */
  async canvasControls(): Promise<{ name: string; box: Box }[]> {
    const out: { name: string; box: Box }[] = [];
    for (const selector of [
      ".react-flow__controls",
      ".react-flow__minimap",
      ".react-flow__attribution",
      '[data-testid="focus-bar"]',
      '[data-testid="edge-info"]',
      '[data-testid="entity-panel"] footer',
      '[data-testid="entity-panel"] header',
    ]) {
      for (const el of await this.page.locator(selector).all()) {
        const box = (await el.isVisible()) ? await el.boundingBox() : null;
        if (box) out.push({ name: selector, box });
      }
    }
    return out;
  }
}
