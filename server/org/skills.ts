import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseFrontmatter } from "@/lib/markdown/frontmatter";
import type { Skill } from "@/schemas/skill";

/**
 * Lists `skills/<bundle>/<skill>.md` for the skill picker; unreadable files are skipped, not fatal.
 * A few dozen small files are read synchronously: a thread-pool hop per `fs.promises` call would
 * cost more than the reading, and the org load waits for it.
 */
export async function loadSkills(skillsDir: string, displayBase: string): Promise<Skill[]> {
  const skills: Skill[] = [];
  let bundles;
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
      const meta = parseFrontmatter(text);
      const description = meta.ok && typeof meta.data.description === "string" ? meta.data.description : "";
      skills.push({ id: `${bundle.name}/${name}`, bundle: bundle.name, name, description, path: path.relative(displayBase, full) });
    }
  }
  return skills.sort((a, b) => a.id.localeCompare(b.id));
}
