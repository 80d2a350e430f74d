import { execFileSync } from "node:child_process";
import type { Generation } from "../../schemas/kinds";
import { constructInit, installConstruct } from "./construct-package";
import { type TempProject, tempProject } from "./temp-project";

/**
 * The two projects every surface is held to: one of the earlier org of specialists, one Construct
 * 2.1.1 prepared with `construct init`. Each is a git repository with a commit, a pack installed
 * and a record of the project's own, so every surface has something real to answer with.
 */

export type ParityProject = TempProject & { generation: Generation; label: string };

const git = (root: string, args: string[]) =>
  execFileSync("git", ["-c", "user.email=p@p", "-c", "user.name=parity", "-c", "init.defaultBranch=main", ...args], {
    cwd: root,
    stdio: "pipe",
  });

function commitAll(root: string): void {
  git(root, ["init", "-q"]);
  git(root, ["add", "-A"]);
  git(root, ["commit", "-qm", "start", "--allow-empty"]);
}

export function adrProject(): ParityProject {
  const project = tempProject({
    prefix: "cs-parity-adr-",
    home: "inside",
    files: {
      ".cx/org/specialists/cx-architect.json": {
        description: "Project override: the architect of this repository, keeping its module boundaries honest.",
      },
      ".cx/packs/house-pack/pack.manifest.json": { id: "house-pack", version: "1.0.0", compatVersion: ">=0.1.0" },
      "docs/readme.md": "# docs\n",
    },
  });
  commitAll(project.root);
  return { ...project, generation: "adr", label: "the earlier org" };
}

export function construct2Project(): ParityProject {
  const project = tempProject({ prefix: "cs-parity-c2-", home: "inside" });
  installConstruct(project.root);
  const init = constructInit(project.root, project.home);
  if (init.status !== 0) throw new Error(`construct init failed: ${init.stderr}`);
  project.write({
    ".construct/org/worker-profiles/docs-keeper.json": {
      name: "docs-keeper",
      displayName: "Keeps every README and decision record of the project current",
      description: "Keeps every README and decision record of the project current",
      role: "docs-keeper",
      modelTier: "standard",
      skills: ["docs/adr-writing"],
      fence: { allowedPaths: ["docs/**"] },
      handoffCandidates: ["architect"],
      internal: true,
      custom: true,
    },
    ".construct/packs/house-tools/pack.manifest.json": {
      id: "house-tools",
      version: "0.3.1",
      compatVersion: 1,
      workerProfiles: [],
    },
    ".construct/org/prompts/docs-keeper.md": "# docs-keeper\n\nRole: docs-keeper\n\nKeeps the docs current.\n",
    "docs/readme.md": "# docs\n",
  });
  commitAll(project.root);
  return { ...project, generation: "2", label: "Construct 2.1.1" };
}
