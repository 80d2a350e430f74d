import { IMPORT_MODES, type ImportMode } from "@/schemas/api/org";
import { SCOPES, type Scope } from "@/schemas/kinds";
import { API_KINDS, type ApiKind, parseApiKind } from "@/schemas/org";
import { AppError } from "../errors";

export function kindParam(raw: string): ApiKind {
  const kind = parseApiKind(raw);
  if (!kind) throw new AppError("not_found", `unknown kind "${raw.slice(0, 40)}": use ${API_KINDS.join(", ")}`);
  return kind;
}

export function scopeParam(request: Request, fallback: Scope = "project"): Scope {
  const raw = new URL(request.url).searchParams.get("scope") ?? fallback;
  if (!(SCOPES as readonly string[]).includes(raw))
    throw new AppError("bad_request", `unknown scope "${raw.slice(0, 40)}": use builtin, user or project`);
  return raw as Scope;
}

export function flagParam(request: Request, name: string): boolean {
  const raw = new URL(request.url).searchParams.get(name);
  return raw === "1" || raw === "true";
}

/** Writes to an existing record must say which version they saw. */
export function requireIfMatch(request: Request): string {
  const value = request.headers.get("if-match");
  if (!value)
    throw new AppError(
      "precondition_required",
      "send the ETag you read as If-Match, so a newer change is never overwritten silently",
    );
  return value;
}

const asMode = (raw: string): ImportMode => {
  if (!(IMPORT_MODES as readonly string[]).includes(raw))
    throw new AppError("bad_request", `unknown import mode "${raw.slice(0, 40)}": use ${IMPORT_MODES.join(" or ")}`);
  return raw as ImportMode;
};

/** `mode` for every record, `replace` and `merge` (repeatable, `section/id`) for one each. */
export function importModesParam(request: Request): { mode?: ImportMode; modes: Record<string, ImportMode> } {
  const params = new URL(request.url).searchParams;
  const raw = params.get("mode");
  const modes: Record<string, ImportMode> = {};
  for (const mode of IMPORT_MODES) for (const key of params.getAll(mode)) modes[key] = mode;
  return { ...(raw === null ? {} : { mode: asMode(raw) }), modes };
}
