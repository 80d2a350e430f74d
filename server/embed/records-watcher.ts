import { type FSWatcher, mkdirSync, watch } from "node:fs";

/**
 * Watches the tick records folder, so a tick another process records (the CLI, a second server)
 * is announced here: once per capability within 100 ms, and never for a tick this process runs
 * (that one announces itself).
 */
export class RecordsWatcher {
  private watcher: FSWatcher | null = null;

  constructor(
    private readonly dir: () => string,
    private readonly runningHere: (id: string) => boolean,
    private readonly recorded: (id: string) => void,
  ) {}

  watch(): void {
    if (this.watcher) return;
    try {
      const dir = this.dir();
      mkdirSync(dir, { recursive: true });
      const pending = new Map<string, ReturnType<typeof setTimeout>>();
      const watcher = watch(dir, (_event, name) => {
        if (typeof name !== "string" || !/^[a-z0-9][a-z0-9-]*\.json$/.test(name)) return;
        const id = name.slice(0, -".json".length);
        if (this.runningHere(id) || pending.has(id)) return;
        pending.set(
          id,
          setTimeout(() => {
            pending.delete(id);
            this.recorded(id);
          }, 100),
        );
      });
      watcher.on("error", () => {
        watcher.close();
        if (this.watcher === watcher) this.watcher = null;
      });
      watcher.unref();
      this.watcher = watcher;
    } catch {
      // Without a watcher, ticks of this process still announce themselves.
    }
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
  }
}
