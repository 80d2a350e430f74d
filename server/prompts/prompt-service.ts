import path from "node:path";
import fs from "node:fs/promises";
import { parseFrontmatter } from "@/lib/markdown/frontmatter";
import { idProblem } from "@/schemas/common";
import type { StudioPaths } from "../config";
import { AppError } from "../errors";
import { atomicWrite, confinedPath, withTierLock } from "../store/json-store";
import { displayPath } from "../org/tiers";

export type ResolvedPrompt = { specialistId: string; source: "project" | "builtin"; path: string; degraded: boolean; warnings: string[]; content: string; role: string | null };

const MAX_PROMPT_BYTES = 256 * 1024;

/**
 * A specialist's prompt: the project override `<proj>/prompts/<id>.md` when there is one, else the
 * built-in `specialists/prompts/<id>.md`. Frontmatter must parse and name the `role`.
 */
export class PromptService {
  constructor(private readonly paths: StudioPaths) {}

  private candidates(id: string) {
    return [
      { source: "project" as const, dir: path.join(this.paths.projectDir, "prompts"), base: this.paths.root },
      { source: "builtin" as const, dir: path.join(this.paths.appDir, "specialists", "prompts"), base: this.paths.appDir },
    ].map((c) => ({ ...c, file: confinedPath(c.dir, `${id}.md`) }));
  }

  async resolve(id: string): Promise<ResolvedPrompt> {
    const bad = idProblem(id);
    if (bad) throw new AppError("not_found", bad);
    for (const candidate of this.candidates(id)) {
      let stat;
      try {
        stat = await fs.lstat(candidate.file);
      } catch {
        continue;
      }
      const shown = displayPath(candidate.file, candidate.base);
      if (!stat.isFile()) return { specialistId: id, source: candidate.source, path: shown, degraded: true, warnings: [`${shown} is not a regular file; it is ignored`], content: "", role: null };
      const content = await fs.readFile(candidate.file, "utf8");
      const front = parseFrontmatter(content);
      const warnings: string[] = [];
      let role: string | null = null;
      if (!front.ok) warnings.push(`${shown}: ${front.message}`);
      else if (typeof front.data.role !== "string") warnings.push(`${shown}: the frontmatter does not name a "role"`);
      else role = front.data.role;
      return { specialistId: id, source: candidate.source, path: shown, degraded: warnings.length > 0, warnings, content, role };
    }
    throw new AppError("not_found", `no prompt for "${id}": neither ${path.join(".cx", "prompts", `${id}.md`)} nor the built-in one exists`);
  }

  /** Writes the project override; the frontmatter must parse and name a role. */
  async saveOverride(id: string, content: string): Promise<ResolvedPrompt> {
    const bad = idProblem(id);
    if (bad) throw new AppError("invalid", bad);
    if (Buffer.byteLength(content) > MAX_PROMPT_BYTES) throw new AppError("payload_too_large", `a prompt is at most ${MAX_PROMPT_BYTES} bytes`);
    const front = parseFrontmatter(content);
    if (!front.ok) throw new AppError("invalid", `the prompt's frontmatter: ${front.message}`);
    if (typeof front.data.role !== "string" || !front.data.role) throw new AppError("invalid", 'the prompt\'s frontmatter must name its "role"');
    const dir = path.join(this.paths.projectDir, "prompts");
    await withTierLock(dir, () => atomicWrite(dir, confinedPath(dir, `${id}.md`), content.endsWith("\n") ? content : content + "\n"));
    return this.resolve(id);
  }
}
