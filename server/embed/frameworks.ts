import fs from "node:fs/promises";
import path from "node:path";
import { NoFollowReadError, readTextNoFollow } from "../store/read";
import type { EmbedServiceDeps } from "./embed-service";

export async function frameworkIds(appDir: string, packDirs: readonly string[]): Promise<Set<string>> {
  const dirs = [path.join(appDir, "specialists", "frameworks"), ...packDirs.map((d) => path.join(d, "frameworks"))];
  const names = await Promise.all(dirs.map((d) => fs.readdir(d).catch(() => [] as string[])));
  return new Set(
    names
      .flat()
      .filter((n) => n.endsWith(".md"))
      .map((n) => n.slice(0, -3)),
  );
}

/** The highest-precedence enabled pack's, else the built-in one; a candidate not a readable regular file is skipped. */
export async function loadFramework(
  deps: Pick<EmbedServiceDeps, "packs" | "paths">,
  id: string,
): Promise<{ file: string; text: string } | null> {
  const { packs } = await deps.packs.active();
  for (const dir of [...packs.map((p) => p.dir).reverse(), path.join(deps.paths.appDir, "specialists")]) {
    const file = path.join(dir, "frameworks", `${id}.md`);
    try {
      return { file, text: (await readTextNoFollow(file)).text };
    } catch (error) {
      if (!(error instanceof NoFollowReadError)) throw error;
    }
  }
  return null;
}

export async function frameworkFile(
  deps: Pick<EmbedServiceDeps, "packs" | "paths">,
  id: string,
): Promise<string | null> {
  return (await loadFramework(deps, id))?.file ?? null;
}
