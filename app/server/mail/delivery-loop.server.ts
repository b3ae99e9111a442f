/**
 * The loop behind every outbound delivery (the outbox's emails, the leads' webhooks): it wakes when
 * something is queued and every few seconds, runs one pass at a time (a wake during a pass runs
 * another after it), and stops after the pass under way. A pass that throws is logged, and the loop
 * goes on.
 */
import { logger } from "#app/server/logger.server.ts";

export class DeliveryLoop {
  private readonly pass: (stopped: () => boolean) => Promise<void>;
  private readonly wakers: Set<() => void>;
  private readonly name: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly wake = () => void this.run();

  /** `wakers`: the set a queueing function calls to wake this process's loops of this kind. */
  constructor(
    name: string,
    wakers: Set<() => void>,
    pass: (stopped: () => boolean) => Promise<void>,
  ) {
    this.name = name;
    this.wakers = wakers;
    this.pass = pass;
  }

  /** Starts delivering, now and every `pollMs`. */
  start(pollMs: number): void {
    this.wakers.add(this.wake);
    this.timer = setInterval(this.wake, pollMs);
    this.timer.unref();
    void this.run();
  }

  /** Stops, after the pass under way (if any) has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakers.delete(this.wake);
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass (again if more was queued meanwhile). */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.pass(() => this.stopped);
        } while (this.again && !this.stopped);
      } catch (error) {
        logger.warn({ err: error }, `${this.name} pass failed`);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }
}
