import type { Rect } from "@/lib/graph/geometry";

/** Orgs small, wide, huge and tall, each with the pane it is fitted into. */
export const FIT_CASES: [string, Rect[], number, number][] = [
  ["a small org, zoom capped at its most", [{ x: 20, y: 20, width: 240, height: 80 }], 1440, 820],
  [
    "a mid org that fits",
    [
      { x: 20, y: 20, width: 200, height: 600 },
      { x: 260, y: 20, width: 1500, height: 700 },
    ],
    1440,
    820,
  ],
  [
    "a huge org, zoom held at its least (clipped right and below)",
    [
      { x: 20, y: 20, width: 200, height: 900 },
      { x: 260, y: 40, width: 9000, height: 5000 },
    ],
    1440,
    820,
  ],
  ["a tall org in a narrow pane", [{ x: -50, y: 10, width: 300, height: 4000 }], 700, 900],
];
