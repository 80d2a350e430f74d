import fs from "node:fs/promises";
import path from "node:path";
import type { EmbedServiceDeps } from "./embed-service";

/** Framework ids (`frameworks/<id>.md`) in the built-in specialists folder and the given pack folders. */
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

/** The file of framework `id`: the highest-precedence enabled pack's, else the built-in one; `null` if none. */
export async function frameworkFile(
  deps: Pick<EmbedServiceDeps, "packs" | "paths">,
  id: string,
): Promise<string | null> {
  const { packs } = await deps.packs.active();
  for (const dir of [...packs.map((p) => p.dir).reverse(), path.join(deps.paths.appDir, "specialists")]) {
    const file = path.join(dir, "frameworks", `${id}.md`);
    if (
      await fs.stat(file).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return file;
  }
  return null;
}
