import { SECTIONS } from "@/schemas/kinds";
import type { PackTier } from "@/schemas/pack-manifest";
import type { StudioPaths } from "../config";
import { displayPath, type TierData, userPath } from "../org/tiers";
import { PackService } from "./pack-service";

/** A pack staged in a temporary folder (`dir`) for the `tier` folder it would be installed to (`target`). */
export type Staged = { dir: string; tier: PackTier; target: string };

/** The packs as they would be after the change; nothing is written. */
export class HypotheticalPacks extends PackService {
  constructor(
    paths: StudioPaths,
    private readonly change: { enable: string; staged?: Staged },
  ) {
    super(paths);
  }

  override async packsFile(): ReturnType<PackService["packsFile"]> {
    const read = await super.packsFile();
    if (read.error || Object.hasOwn(read.file.enabled, this.change.enable)) return read;
    return {
      ...read,
      file: {
        ...read.file,
        enabled: { ...read.file.enabled, [this.change.enable]: { enabledAt: new Date().toISOString() } },
      },
    };
  }

  override async list(): ReturnType<PackService["list"]> {
    const listed = await super.list();
    const staged = this.change.staged;
    if (!staged) return listed;
    const row = await this.inspect(staged.dir, staged.tier, await this.seenVersions(), { namesInsidePack: true });
    const show = (file: string) => (staged.tier === "project" ? displayPath(file, this.paths.root) : userPath(file));
    row.path = show(staged.target);
    row.dir = staged.dir;
    if (row.org) row.org = relocate(row.org, staged.dir, staged.target);
    const packs = listed.packs.filter((p) => !(p.id === row.id && p.tier === staged.tier));
    packs.push(row);
    for (const p of packs.filter((q) => q.id === row.id)) {
      p.shadowedBy = p.tier === "user" && packs.some((q) => q.tier === "project" && q.id === p.id) ? "project" : null;
      p.enabled = !p.shadowedBy;
    }
    const missing = listed.missing.filter((id) => id !== row.id);
    const errors = listed.errors.filter((e) => !e.startsWith(`pack '${row.id}' is enabled in packs.json but is not`));
    return { ...listed, packs, missing, errors };
  }
}

/** The staged pack's org files named where they will live, so the plan shows paths a user can find. */
function relocate(org: TierData, from: string, to: string): TierData {
  const move = (file: string) => (file.startsWith(from) ? to + file.slice(from.length) : file);
  const entities = Object.fromEntries(
    SECTIONS.map((section) => [
      section,
      new Map([...org.entities[section]].map(([id, layer]) => [id, { ...layer, file: move(layer.file) }])),
    ]),
  ) as TierData["entities"];
  return { ...org, entities };
}
