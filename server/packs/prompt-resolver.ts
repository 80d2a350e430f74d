import path from "node:path";
import { promptRole } from "@/lib/markdown/frontmatter";
import { failureOutcome, type PromptFailure } from "@/lib/packs/failure-matrix";
import { idProblem } from "@/schemas/common";
import type { DeploymentMode } from "@/schemas/pack-manifest";
import type { StudioPaths } from "../config";
import { AppError } from "../errors";
import type { OrgApi } from "../org/org-api";
import { displayPath } from "../org/tiers";
import {
  atomicWrite,
  confinedPath,
  etagOf,
  NoFollowReadError,
  readTextNoFollow,
  withTierLock,
} from "../store/json-store";
import { byPrecedence, checkPackPrompt, type LoadedPack, type PackService } from "./pack-service";

export type ResolvedPrompt = {
  ok: true;
  specialistId: string;
  /** The pack id, `project` or `builtin`; `fallback` when nothing was found and solo mode allows it. */
  source: string;
  path: string | null;
  degraded: boolean;
  warnings: string[];
  content: string;
  mode: DeploymentMode;
};

export type PromptHardFailure = {
  ok: false;
  specialistId: string;
  scenario: PromptFailure;
  mode: DeploymentMode;
  message: string;
  pack: string | null;
  file: string | null;
};

const MAX_PROMPT_BYTES = 256 * 1024;

/**
 * Resolution order: enabled packs (highest precedence first), `<proj>/prompts/<id>.md`, then
 * `specialists/prompts/<id>.md`. A hard failure names the pack, the specialist and the file; solo
 * mode degrades instead, saying so in `degraded` and `warnings`.
 */
export class PromptResolver {
  constructor(
    private readonly paths: StudioPaths,
    private readonly packs: PackService,
  ) {}

  private show(file: string) {
    return displayPath(file, file.startsWith(this.paths.appDir + path.sep) ? this.paths.appDir : this.paths.root);
  }

  /** Enabled packs, highest precedence first (the org merge's order, reversed), loadable or not. */
  private async enabledPacks(): Promise<LoadedPack[]> {
    const [{ packs }, { file }] = await Promise.all([this.packs.list(), this.packs.packsFile()]);
    return byPrecedence(
      packs.filter((p) => p.enabled),
      Object.keys(file.enabled),
    ).reverse();
  }

  async resolve(
    specialistId: string,
    opts: { builtinSpecialist: boolean; record?: Record<string, unknown> },
  ): Promise<ResolvedPrompt | PromptHardFailure> {
    const bad = idProblem(specialistId);
    if (bad) throw new AppError("not_found", bad);
    const { mode } = await this.packs.mode();
    const warnings: string[] = [];
    const fail = (
      scenario: PromptFailure,
      message: string,
      pack: string | null,
      file: string | null,
    ): PromptHardFailure => ({
      ok: false,
      specialistId,
      scenario,
      mode,
      message: `${message} (${mode} mode: hard failure)`,
      pack,
      file,
    });

    for (const pack of await this.enabledPacks()) {
      const rel = pack.manifest?.prompts?.[specialistId];
      if (!rel) continue;
      const check = await checkPackPrompt(pack.dir, rel);
      const shown = this.show(check.file);
      if (!check.ok) {
        const scenario = check.problem === "missing" ? "pack-prompt-missing" : "pack-prompt-malformed";
        return fail(
          scenario,
          `pack '${pack.id}': ${check.problem === "missing" ? "declared prompt file missing" : "invalid prompt"} for '${specialistId}': ${shown} — ${check.message}`,
          pack.id,
          shown,
        );
      }
      if (pack.errors.length) {
        return fail(
          "pack-not-loaded",
          `pack '${pack.id}' declares the prompt for '${specialistId}' (${shown}) but is not loaded: ${pack.errors.join("; ")}`,
          pack.id,
          shown,
        );
      }
      return {
        ok: true,
        specialistId,
        source: pack.id,
        path: shown,
        degraded: false,
        warnings,
        content: check.content,
        mode,
      };
    }

    const project = confinedPath(path.join(this.paths.projectDir, "prompts"), `${specialistId}.md`);
    const projectRead = await readPrompt(project);
    if (projectRead !== null) {
      const prompt =
        typeof projectRead === "string"
          ? promptRole(projectRead)
          : { ok: false as const, message: projectRead.problem };
      if (prompt.ok) {
        return {
          ok: true,
          specialistId,
          source: "project",
          path: this.show(project),
          degraded: false,
          warnings,
          content: projectRead as string,
          mode,
        };
      }
      const why = prompt.message;
      const problem = `${this.show(project)}: ${why}`;
      if (failureOutcome("project-prompt-malformed", mode) === "hard")
        return fail(
          "project-prompt-malformed",
          `project prompt for '${specialistId}' is invalid: ${problem}`,
          null,
          this.show(project),
        );
      warnings.push(`degraded: ${problem}; using the next prompt in line instead`);
    }

    const builtin = confinedPath(path.join(this.paths.appDir, "specialists", "prompts"), `${specialistId}.md`);
    const builtinRead = await readPrompt(builtin);
    const builtinText = typeof builtinRead === "string" ? builtinRead : null;
    if (builtinText !== null) {
      return {
        ok: true,
        specialistId,
        source: "builtin",
        path: displayPath(builtin, this.paths.appDir),
        degraded: warnings.length > 0,
        warnings,
        content: builtinText,
        mode,
      };
    }
    if (opts.builtinSpecialist) {
      return fail(
        "builtin-prompt-missing",
        `built-in prompt missing for '${specialistId}': ${displayPath(builtin, this.paths.appDir)} — the package is damaged; reinstall it`,
        null,
        displayPath(builtin, this.paths.appDir),
      );
    }
    if (failureOutcome("optional-prompt-missing", mode) === "hard") {
      return fail(
        "optional-prompt-missing",
        `no prompt for '${specialistId}': no enabled pack declares one, and neither ${this.show(project)} nor ${displayPath(builtin, this.paths.appDir)} exists`,
        null,
        this.show(project),
      );
    }
    warnings.push(
      `degraded: no prompt for '${specialistId}' (no pack declares one, no ${this.show(project)}); a generic prompt built from its record stands in`,
    );
    return {
      ok: true,
      specialistId,
      source: "fallback",
      path: null,
      degraded: true,
      warnings,
      content: fallbackPrompt(specialistId, opts.record ?? {}),
      mode,
    };
  }

  /**
   * `ifMatch` is the ETag of the prompt the user read; compared under the lock with what resolves,
   * so a disk edit or a pack enabled in between is a 409 rather than silently replaced.
   */
  async saveOverride(
    id: string,
    content: string,
    opts: { ifMatch: string; current: () => Promise<{ ok: boolean; content?: string }> },
  ): Promise<string> {
    const bad = idProblem(id);
    if (bad) throw new AppError("invalid", bad);
    if (Buffer.byteLength(content) > MAX_PROMPT_BYTES)
      throw new AppError("payload_too_large", `a prompt is at most ${MAX_PROMPT_BYTES} bytes`);
    const prompt = promptRole(content);
    if (!prompt.ok)
      throw new AppError(
        "invalid",
        `the prompt's frontmatter must name its "role" and parse as YAML: ${prompt.message}`,
      );
    const dir = path.join(this.paths.projectDir, "prompts");
    const file = confinedPath(dir, `${id}.md`);
    await withTierLock(dir, async () => {
      const now = await opts.current();
      const etag = promptEtag(now.ok ? now.content : undefined);
      if (opts.ifMatch !== "*" && opts.ifMatch !== etag) {
        throw new AppError(
          "conflict",
          `the prompt of '${id}' changed since it was read; reload it and apply your edit again`,
          undefined,
          { content: now.content ?? null, etag },
        );
      }
      await atomicWrite(dir, file, content.endsWith("\n") ? content : `${content}\n`);
    });
    return this.show(file);
  }
}

async function readPrompt(file: string): Promise<string | { problem: string } | null> {
  try {
    // One open, checked on its descriptor: a link swapped in after a check cannot be read through.
    return (await readTextNoFollow(file, { limit: MAX_PROMPT_BYTES })).text;
  } catch (error) {
    if (!(error instanceof NoFollowReadError)) throw error;
    if (error.code === "missing") return null;
    if (error.code === "symlink") return { problem: "is a symbolic link; prompts must be regular files" };
    return { problem: error.message };
  }
}

function fallbackPrompt(id: string, record: Record<string, unknown>): string {
  const role = typeof record.role === "string" ? record.role : id;
  const description = typeof record.description === "string" ? record.description : "";
  return `---\nrole: ${role}\n---\n\n# ${id}\n\n${description}\n`;
}

export function specialistPrompt(org: OrgApi, prompts: PromptResolver) {
  return async (id: string): Promise<ResolvedPrompt | PromptHardFailure> => {
    const row = await org.getEntity("specialist", id);
    const builtinSpecialist = !!row && (row.scope === "builtin" || row.overrides.some((o) => o.scope === "builtin"));
    return prompts.resolve(id, { builtinSpecialist, record: row?.record });
  };
}

export function promptEtag(content: string | undefined): string {
  return content === undefined ? '"none"' : etagOf(content);
}
