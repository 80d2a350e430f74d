import { isAppError } from "../errors";
import type { EmbedBackend } from "../generations/adapter";

export type SchedulerOptions = {
  now?: () => Date;
  /** The longest the loop sleeps before looking again, so a changed clock or file is noticed. */
  maxSleepMs?: number;
  log?: (line: string) => void;
};

/**
 * Due times come from each capability's durable last-tick record, so a restart resumes. Ticks of one
 * capability never overlap: the service refuses a second and the loop skips running ones.
 */
export class EmbedScheduler {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private unsubscribe: (() => void) | null = null;
  private pass: Promise<void> | null = null;
  private readonly now: () => Date;
  private readonly maxSleepMs: number;
  private readonly log: (line: string) => void;

  constructor(
    private readonly service: EmbedBackend,
    options: SchedulerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.maxSleepMs = options.maxSleepMs ?? 60_000;
    this.log = options.log ?? ((line) => console.log(line));
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    // An overlay enabled, disabled or re-timed: look again at once.
    this.unsubscribe = this.service.onChange(() => this.wake(250));
    this.wake(0);
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private wake(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.loop();
      },
      Math.max(0, delayMs),
    );
    this.timer.unref?.();
  }

  private async loop(): Promise<void> {
    let sleep = this.maxSleepMs;
    try {
      sleep = await this.runDue();
    } catch (error) {
      this.log(`[embed] scheduler pass failed: ${(error as Error).message}`);
    }
    this.wake(Math.min(Math.max(sleep, 1000), this.maxSleepMs));
  }

  /** Starts every due tick without waiting and returns how long until the next one. */
  async runDue(): Promise<number> {
    if (this.pass) {
      await this.pass;
      return 0;
    }
    let sleep = this.maxSleepMs;
    const pass = (async () => {
      const { capabilities } = await this.service.list();
      const now = this.now().getTime();
      for (const cap of capabilities) {
        if (!cap.enabled || cap.errors.length || !cap.nextTickAt || cap.running) continue;
        const due = new Date(cap.nextTickAt).getTime();
        if (due > now) {
          sleep = Math.min(sleep, due - now);
          continue;
        }
        this.started.push(cap.id);
        void this.service
          .tick(cap.id, "schedule")
          .then(
            (record) =>
              this.log(`[embed] capability '${cap.id}': ${record.status}${record.code ? ` (${record.code})` : ""}`),
            (error) =>
              this.log(
                `[embed] capability '${cap.id}': ${isAppError(error) && error.code === "conflict" ? "already running" : `tick failed: ${(error as Error).message}`}`,
              ),
          )
          .finally(() => this.wake(1000));
      }
    })();
    this.pass = pass;
    try {
      await pass;
    } finally {
      this.pass = null;
    }
    return sleep;
  }

  readonly started: string[] = [];
}
