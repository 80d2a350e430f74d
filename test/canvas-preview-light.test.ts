import { describe, expect, it } from "vitest";
import { importClosure } from "./support/imports";

// The picture of the first view (components/editor/canvas-preview.tsx) paints before React Flow's
// code loads, so nothing it imports may load React Flow; it takes the nodes' look from the same
// module as the canvas's node views (components/graph/nodes/node-look.tsx), so the two cannot drift.

const LOOK = "components/graph/nodes/node-look.tsx";

describe("the first view's picture stays light", () => {
  it("loads no React Flow, directly or through what it imports", () => {
    const picture = importClosure("components/editor/canvas-preview.tsx");
    expect(picture.files.length).toBeGreaterThan(3);
    expect([...picture.packages]).not.toContain("@xyflow/react");
    expect([...picture.packages]).not.toContain("@xyflow/system");
  });

  it("draws nodes with the canvas's own look: the node views and the picture share one module", () => {
    expect(importClosure("components/editor/canvas-preview.tsx").files).toContain(LOOK);
    for (const view of ["box-node", "card-node"]) {
      const canvas = importClosure(`components/graph/nodes/${view}.tsx`);
      expect(canvas.files).toContain(LOOK);
      // The walk sees React Flow where it is: the node views load it.
      expect([...canvas.packages]).toContain("@xyflow/react");
    }
  });
});
