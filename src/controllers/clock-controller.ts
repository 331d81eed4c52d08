import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Re-renders its host once a second while `active()` says something on screen counts
 * down (a route's or a deposit address's time left); idle otherwise.
 */
export class ClockController implements ReactiveController {
  private timer?: ReturnType<typeof setInterval>;
  /** No timer runs for an element out of the page (an update may still come after it left). */
  private connected = false;

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

  hostConnected(): void {
    this.connected = true;
  }

  hostUpdated(): void {
    const on = this.connected && this.active();
    if (on && this.timer === undefined) this.timer = setInterval(() => this.host.requestUpdate(), this.periodMs);
    else if (!on) this.stop();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stop();
  }

  private stop() {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
