import { expect, test } from "@playwright/test";
import { measureShifts } from "../bench/browser";
import { writeSyntheticOrg } from "../bench/generate-org";
import { BUDGET, ROUTES } from "../bench/report";
import { extraPort, ORIGIN, studioOfItsOwn } from "./support";

// Each page loads untouched and holds still: the layout-shift entries Chromium reports from the
// first paint until the page has been quiet for two seconds (a live status connects in that
// time), summed, as bench/browser.ts measureShifts does. A layout figure, not a time.
const thousand = studioOfItsOwn({
  prefix: "studio-layout-shift-",
  port: extraPort(4),
  setup: (root) => writeSyntheticOrg(root, 1000),
});

for (const route of ROUTES) {
  test(`${route} shifts its layout by at most ${BUDGET.cls} as it loads, built-in org and 1,000 specialists`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    for (const [org, origin] of [
      ["built-in", ORIGIN],
      ["1,000 specialists", thousand.studio.origin],
    ]) {
      const shifts = await measureShifts(browser, origin, route);
      test.info().annotations.push({ type: `cls ${org}`, description: `${shifts.cls.toFixed(4)} ${shifts.movers}` });
      expect(shifts.cls, `${org}: moved ${shifts.movers.join(", ")}`).toBeLessThanOrEqual(BUDGET.cls);
    }
  });
}
