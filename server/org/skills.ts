import type { Dirent } from "node:fs";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseFrontmatter } from "@/lib/markdown/frontmatter";
import type { Skill } from "@/schemas/skill";

/** A skill file as read: its description is parsed out of the text only when skills are listed. */
export type SkillFile = Omit<Skill, "description"> & { text: string };

/**
 * Read synchronously: a thread-pool hop per file costs more than the reading. The frontmatter is left
 * unparsed: the org needs only ids, and parsing YAML was a quarter of a cold load.
 */
export function loadSkillFiles(skillsDir: string, displayBase: string): SkillFile[] {
  const skills: SkillFile[] = [];
  let bundles: Dirent[];
  try {
    bundles = readdirSync(skillsDir, { withFileTypes: true });
  } catch {
    return skills;
  }
  for (const bundle of bundles) {
    if (!bundle.isDirectory() || bundle.name.startsWith(".")) continue;
    for (const file of readdirSync(path.join(skillsDir, bundle.name), { withFileTypes: true })) {
      if (!file.isFile() || !file.name.endsWith(".md") || file.name.startsWith(".")) continue;
      const name = file.name.slice(0, -3);
      const full = path.join(skillsDir, bundle.name, file.name);
      let text = "";
      try {
        text = readFileSync(full, "utf8");
      } catch {
        // unreadable: listed without a description
      }
      skills.push({
        id: `${bundle.name}/${name}`,
        bundle: bundle.name,
        name,
        path: path.relative(displayBase, full),
        text,
      });
    }
  }
  return skills.sort((a, b) => a.id.localeCompare(b.id));
}

export function describeSkills(files: readonly SkillFile[]): Skill[] {
  return files.map(({ text, ...skill }) => {
    const meta = parseFrontmatter(text);
    return { ...skill, description: meta.ok && typeof meta.data.description === "string" ? meta.data.description : "" };
  });
}
