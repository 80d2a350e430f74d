import path from "node:path";
import { type Layout, layoutSchema } from "@/schemas/graph";
import { AppError } from "../errors";
import { assertFits, atomicWrite, readJsonFile, withTierLock } from "../store/json-store";

/** Positions are not org data, so they live apart; keys sorted and coordinates rounded so the file diffs cleanly. */
export class LayoutStore {
  constructor(private readonly projectDir: string) {}

  private get dir() {
    return path.join(this.projectDir, "studio");
  }

  private get file() {
    return path.join(this.dir, "layout.json");
  }

  async read(): Promise<Layout> {
    const read = await readJsonFile(this.file);
    if (!read.ok) return { version: 1, positions: {} };
    const parsed = layoutSchema.safeParse(read.value);
    return parsed.success ? parsed.data : { version: 1, positions: {} };
  }

  /** A `null` position forgets a node; `collapsed`, when given, replaces the folded list, else it is kept. */
  async update(
    positions: Record<string, { x: number; y: number } | null>,
    collapsed?: readonly string[],
  ): Promise<Layout> {
    return withTierLock(this.dir, async () => {
      const current = await this.read();
      const merged: Record<string, { x: number; y: number }> = { ...current.positions };
      for (const [id, position] of Object.entries(positions)) {
        if (id.length > 200) throw new AppError("bad_request", "node ids are at most 200 characters");
        if (position === null) delete merged[id];
        else merged[id] = { x: Math.round(position.x), y: Math.round(position.y) };
      }
      const sorted = Object.fromEntries(
        Object.keys(merged)
          .sort()
          .map((k) => [k, merged[k]]),
      );
      const folds = collapsed ? [...new Set(collapsed)].sort() : current.collapsed;
      const layout: Layout = { version: 1, positions: sorted, ...(folds ? { collapsed: folds } : {}) };
      const check = layoutSchema.safeParse(layout);
      if (!check.success) throw new AppError("bad_request", `layout refused: ${check.error.issues[0]?.message}`);
      const text = `${JSON.stringify(layout, null, 2)}\n`;
      // A layout the reader refuses would come back empty and the next drag would save over it.
      assertFits(this.file, text);
      await atomicWrite(this.dir, this.file, text);
      return layout;
    });
  }
}
