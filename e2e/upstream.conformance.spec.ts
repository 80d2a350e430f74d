import { expect, test } from "@playwright/test";
import { EditorPage } from "./pages/editor-page";
import { ORIGIN } from "./support";

/** The editor on the original project's own org (served on E2E_PORT + 1 by the conformance config). */

test("the upstream org, which we did not write, lays out without overlaps and shows every edge kind", async ({
  page,
}) => {
  const origin = `http://127.0.0.1:${Number(new URL(ORIGIN).port) + 1}`;
  const editor = new EditorPage(page, origin);
  await editor.open();
  // The first view sums parallel relationships into one line per box pair; each kind is held by one.
  for (const kind of ["handoff", "escalation", "contract", "team-boundary"])
    await expect(editor.edgesHolding(kind).first()).toBeAttached();
  const boxes = await page.locator(".react-flow__node").evaluateAll((nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return { id: n.getAttribute("data-id"), x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(20);
  type Box = (typeof boxes)[number];
  const contains = (a: Box, b: Box) =>
    a.x <= b.x + 0.5 && a.y <= b.y + 0.5 && a.x + a.w >= b.x + b.w - 0.5 && a.y + a.h >= b.y + b.h - 0.5;
  const overlapping = boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)
      // A group box holds its teams and a team box its specialists: containment is the picture, not an overlap.
      .filter((b) => !contains(a, b) && !contains(b, a))
      .map((b) => `${a.id} × ${b.id}`),
  );
  expect(overlapping).toEqual([]);
  await page.screenshot({ path: "test-results/editor-upstream.png" });
  expect(editor.consoleErrors).toEqual([]);
});
