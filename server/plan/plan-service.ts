import { readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildPointer } from "@/lib/json/pointer";
import { JsonProblem, parseJsonStrict } from "@/lib/json/safe-json";
import { buildIndex, ref } from "@/lib/org/org-index";
import { validateOrg } from "@/lib/org/validate";
import { computePlan, type PlanSide, type RoutingCase } from "@/lib/plan/plan";
import { orgPayloadSchema } from "@/schemas/api";
import type { FieldError } from "@/schemas/field-error";
import { bySection, type EntityKind, type EntityRecord, SECTION_OF, SECTIONS, type Section } from "@/schemas/kinds";
import type { Plan } from "@/schemas/plan";
import { AppError } from "../errors";
import { recordsOf, type Snapshot } from "../org/merge";
import type { OrgApi } from "../org/org-api";
import type { TierReader } from "../org/org-state";
import type { TierData } from "../org/tiers";
import { assertNoConflictMarkers, git, gitTierReader, repoOf, resolveRevision } from "./git-org";

// The current org against a git revision, an export, or (outside git) the built-in tier; nothing is written.

export type PlanDraft =
  | { kind: EntityKind; record: EntityRecord; remove?: false }
  | { kind: EntityKind; id: string; remove: true };

const EMPTY = (): TierData["entities"] => bySection(() => new Map());

export class PlanService {
  constructor(
    private readonly org: OrgApi,
    private readonly routing: () => Promise<RoutingCase[]> = async () => [],
  ) {}

  private side(snap: Snapshot, problems = this.org.problemsOf(snap)): PlanSide {
    const paths: Record<string, string> = {};
    const versions: Record<string, string> = {};
    for (const section of SECTIONS)
      for (const [id, row] of snap.rows[section]) {
        paths[`${section}/${id}`] = row.path;
        // Rows from an export carry no tag: those records are compared field by field.
        if (row.etag) versions[`${section}/${id}`] = row.etag;
      }
    return { org: recordsOf(snap.rows), problems, paths, versions };
  }

  /** Files that failed to load because a merge left conflict markers in them. */
  private checkConflicts(snap: Snapshot): void {
    const root = this.org.paths.root;
    for (const p of snap.loadProblems) {
      if (!p.path || !p.id.startsWith("file-") || p.id === "file-id-mismatch") continue;
      const candidates = p.path.startsWith("~/")
        ? [path.join(os.homedir(), p.path.slice(2))]
        : path.isAbsolute(p.path)
          ? [p.path]
          : [path.join(root, p.path), path.join(this.org.paths.appDir, p.path)];
      for (const file of candidates) {
        let text: string;
        try {
          text = readFileSync(file, "utf8");
        } catch {
          continue;
        }
        assertNoConflictMarkers(text, p.path);
        break;
      }
    }
  }

  private async baseline(
    against: string | undefined,
    opts: { cwd?: string; allowFiles?: boolean },
  ): Promise<{ snap: Snapshot; against: Plan["against"] }> {
    const root = this.org.paths.root;
    if (against && opts.allowFiles !== false && looksLikeFile(against)) {
      const file = path.resolve(opts.cwd ?? root, against);
      return {
        snap: await this.org.snapshotFrom(this.exportReader(file, against)),
        against: { kind: "export", ref: against },
      };
    }
    const repo = await repoOf(root);
    if ("none" in repo) {
      if (against)
        throw new AppError(
          "bad_request",
          `--against ${against}: ${repo.none}, so there is no revision to compare with`,
        );
      const empty: TierReader = async (scope, dir, base) =>
        scope === "builtin" ? this.org.readTier(scope, dir, base) : { scope, dir, entities: EMPTY(), problems: [] };
      return {
        snap: await this.org.snapshotFrom(empty, { packs: false }),
        against: { kind: "builtin", ref: "builtin", note: `${repo.none}: compared with the built-in tier alone` },
      };
    }
    const rev = against ?? "HEAD";
    const commit = await resolveRevision(repo, rev);
    // HEAD moves with commits and checkouts: which branch it was on when compared is said beside the commit.
    const branch =
      rev === "HEAD"
        ? (await git(repo.top, ["symbolic-ref", "--quiet", "--short", "HEAD"])).stdout.toString().trim()
        : "";
    const reader = await gitTierReader(repo, commit, rev, root, this.org.readTier, this.org.paths.adapter.tiers);
    return {
      snap: await this.org.snapshotFrom(reader.read),
      against: { kind: "git", ref: rev, note: `${branch ? `branch ${branch}, ` : ""}commit ${commit.slice(0, 12)}` },
    };
  }

  /** Reads an exported org (`export --scope …`): that tier is replaced by the file, the others are as they are. */
  private exportReader(file: string, shown: string): TierReader {
    let text: string;
    try {
      if (!statSync(file).isFile()) throw new AppError("bad_request", `${shown} is not a file`);
      text = readFileSync(file, "utf8");
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(
        "not_found",
        `${shown}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
      );
    }
    assertNoConflictMarkers(text, shown);
    let raw: unknown;
    try {
      raw = parseJsonStrict(text, { allowBom: true });
    } catch (error) {
      if (error instanceof JsonProblem)
        throw new AppError("bad_request", `${shown} is not an org export: ${error.message}`);
      throw error;
    }
    const parsed = orgPayloadSchema.safeParse(raw);
    const keys = raw && typeof raw === "object" && !Array.isArray(raw) ? Object.keys(raw) : [];
    if (!parsed.success || !keys.some((k) => k === "scope" || (SECTIONS as readonly string[]).includes(k)))
      throw new AppError(
        "bad_request",
        `${shown} is not an org export: ${parsed.success ? "it has no scope and no org sections" : parsed.error.issues.map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`).join("; ")}`,
      );
    const payload = parsed.data;
    const scope = payload.scope ?? "project";
    if (scope === "pack") throw new AppError("bad_request", `${shown} is not an org export: a pack is not one tier`);
    return async (tierScope, dir, base) => {
      if (tierScope !== scope) return this.org.readTier(tierScope, dir, base);
      const entities = EMPTY();
      for (const section of SECTIONS)
        for (const [id, record] of Object.entries(payload[section]))
          entities[section].set(id, {
            scope,
            file: file,
            path: `${shown}${buildPointer(section, id)}`,
            record: { ...record, id },
            etag: "",
          });
      return { scope, dir, entities, problems: [] };
    };
  }

  /** Against a git revision (default HEAD) or an exported file. */
  async plan(against?: string, opts: { cwd?: string; allowFiles?: boolean } = {}): Promise<Plan> {
    const now = await this.org.snapshot();
    this.checkConflicts(now);
    const base = await this.baseline(against, opts);
    this.checkConflicts(base.snap);
    return computePlan(this.side(base.snap), this.side(now), {
      against: base.against,
      routing: await this.routing(),
    });
  }

  /** Two snapshots of this org's paths, compared as `plan` compares them. */
  async compare(before: Snapshot, after: Snapshot, against: Plan["against"]): Promise<Plan> {
    return computePlan(this.side(before), this.side(after), { against, routing: await this.routing() });
  }

  async planDraft(draft: PlanDraft): Promise<Plan> {
    const now = await this.org.snapshot();
    const before = this.side(now);
    const section: Section = SECTION_OF[draft.kind];
    const org = { ...before.org, [section]: { ...before.org[section] } };
    const id = draft.remove ? draft.id : String(draft.record.id ?? "");
    if (!id) throw new AppError("bad_request", "the draft has no id");
    if (draft.remove) delete org[section][id];
    else org[section][id] = draft.record;
    // File problems stay as they are; the validation is the draft org's own.
    // The draft is saved as a custom record, which the registry's rules do not judge.
    const registry = new Set(now.index.registry);
    registry.delete(ref(section, id));
    const problems: FieldError[] = [
      ...now.loadProblems,
      ...validateOrg(
        buildIndex(org, now.index.skills, undefined, { registry, promptFileExists: now.index.promptFileExists }),
      ),
    ];
    const known = new Map(before.problems.map((p) => [`${p.id}\u0000${p.location}\u0000${p.message}`, p.path]));
    for (const p of problems) {
      const where = known.get(`${p.id}\u0000${p.location}\u0000${p.message}`);
      if (where) p.path = where;
    }
    return computePlan(
      before,
      { org, problems, paths: before.paths },
      {
        against: {
          kind: "saved",
          ref: "the saved org",
          note: `with this ${draft.kind} ${draft.remove ? "removed" : "saved"}`,
        },
        routing: await this.routing(),
      },
    );
  }
}

/** `--against` names a file when it ends in .json or has a path separator; anything else is a revision. */
function looksLikeFile(against: string): boolean {
  return against.endsWith(".json") || against.startsWith("./") || against.startsWith("../") || path.isAbsolute(against);
}
