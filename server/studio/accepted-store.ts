import path from "node:path";
import { ACCEPTED_FILE, type Accepted } from "@/lib/org/accepted";
import { type AcceptedEntry, type AcceptedFile, acceptedFileSchema } from "@/schemas/accepted";
import type { FieldError } from "@/schemas/field-error";
import { AppError } from "../errors";
import { withTierLock } from "../store/lock";
import { readJsonFile } from "../store/read";
import { assertFits, atomicWrite } from "../store/write";

/**
 * The project's accepted warnings, `studio/accepted.json` beside the layout. A file that cannot be
 * read as the schema says silences nothing and says why; writing keeps the entries in the order the
 * user gave them and the file diffable.
 */
export class AcceptedStore {
  constructor(private readonly projectDir: string) {}

  private get dir() {
    return path.join(this.projectDir, "studio");
  }

  get file() {
    return path.join(this.dir, "accepted.json");
  }

  /** The entries, and what is wrong with the file when it is not what the schema says. */
  async read(shown = ACCEPTED_FILE): Promise<{ accepted: Accepted; problems: FieldError[] }> {
    const none = (message: string | null) => ({
      accepted: { entries: [], file: shown },
      problems: message
        ? [{ id: "accepted-file-invalid", severity: "warning" as const, message, location: "#/accepted", path: shown }]
        : [],
    });
    const read = await readJsonFile(this.file);
    if (!read.ok)
      return none(
        read.code === "missing" ? null : `${shown} could not be read (${read.message}): no warning is silenced`,
      );
    const parsed = acceptedFileSchema.safeParse(read.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
      return none(`${shown} is not a list of accepted warnings${where} (${issue?.message}): no warning is silenced`);
    }
    return { accepted: { entries: parsed.data.accepted, file: shown }, problems: [] };
  }

  /** Replaces the list; refuses (writing nothing) what the schema refuses. */
  async write(entries: readonly AcceptedEntry[]): Promise<AcceptedFile> {
    const check = acceptedFileSchema.safeParse({ version: 1, accepted: entries });
    if (!check.success) {
      const issue = check.error.issues[0];
      throw new AppError(
        "bad_request",
        `accepted warnings refused at ${issue?.path.join(".") || "the list"}: ${issue?.message}`,
      );
    }
    return withTierLock(this.dir, async () => {
      const text = `${JSON.stringify(check.data, null, 2)}\n`;
      assertFits(this.file, text);
      await atomicWrite(this.dir, this.file, text);
      return check.data;
    });
  }
}
