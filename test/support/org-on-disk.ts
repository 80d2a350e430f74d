import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type EntityRecord, emptyOrg, type OrgRecords, SECTIONS } from "@/schemas/kinds";

/** An org tree on disk, each record keyed by its file name (as upstream's id-less files are). */
export function loadOrg(dir: string): OrgRecords {
  const org = emptyOrg();
  // A tier without a section's folder has none of its records, as server/org/tiers reads it.
  for (const section of SECTIONS.filter((s) => existsSync(path.join(dir, s)))) {
    for (const file of readdirSync(path.join(dir, section))
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      org[section][file.slice(0, -".json".length)] = JSON.parse(
        readFileSync(path.join(dir, section, file), "utf8"),
      ) as EntityRecord;
    }
  }
  return org;
}
