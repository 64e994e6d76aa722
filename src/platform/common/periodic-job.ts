/**
 * A background round every `ms`: never two rounds at once (a round still running when the timer fires
 * skips that tick), the timer does not keep the process alive, and stop() waits for a running round
 * (the application shuts down after it).
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly round: () => Promise<unknown>,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** Starts the timer; `ms` <= 0 leaves the job off. */
  start(ms: number): void {
    if (ms <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.round()
        .catch(this.onError)
        .finally(() => (this.running = null));
    }, ms);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
