import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Re-renders its host once a second while `active()` says something on screen counts
 * down (a route's or a deposit address's time left); idle otherwise.
 */
export class ClockController implements ReactiveController {
  private timer?: ReturnType<typeof setInterval>;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly active: () => boolean,
    private readonly periodMs = 1000,
  ) {
    host.addController(this);
  }

  /** The time to render with. */
  get now(): number {
    return Date.now();
  }

  hostUpdated(): void {
    const on = this.active();
    if (on && this.timer === undefined) this.timer = setInterval(() => this.host.requestUpdate(), this.periodMs);
    else if (!on) this.stop();
  }

  hostDisconnected(): void {
    this.stop();
  }

  private stop() {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
