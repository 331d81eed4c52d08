// Waits that follow the page: pollers and retries sleep while the page is hidden (or the
// browser offline) and go on at once when it comes back.

/**
 * Waits that know the page's visibility: a wait ends early when the page shows again, and
 * `whileHidden` lasts as long as the page is hidden. Pollers sleep through a hidden page and
 * poll at once when it shows. `listen()` while in use, `stop()` after.
 */
export class PageWake {
  private readonly wake = new EventTarget();

  private readonly handleVisibility = () => {
    if (document.visibilityState === 'visible') this.wake.dispatchEvent(new Event('wake'));
  };

  listen(): void {
    document.addEventListener('visibilitychange', this.handleVisibility);
  }

  stop(): void {
    document.removeEventListener('visibilitychange', this.handleVisibility);
  }

  /** Resolves when the page is visible (at once if it is). */
  whileHidden(signal: AbortSignal): Promise<void> {
    if (document.visibilityState !== 'hidden') return Promise.resolve();
    return this.sleep(Number.POSITIVE_INFINITY, signal);
  }

  /**
   * Waits `ms`, or less if the page becomes visible again (then polls at once). An abort of
   * `signal` ends the wait too, without an error: the caller checks `signal.aborted`.
   */
  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wake.removeEventListener('wake', finish);
        signal.removeEventListener('abort', finish);
        resolve();
      };
      const timer = Number.isFinite(ms) ? setTimeout(finish, ms) : undefined;
      this.wake.addEventListener('wake', finish);
      signal.addEventListener('abort', finish);
    });
  }
}

/** Resolves once the page is visible and the browser online (at once when both hold). */
export function untilVisibleAndOnline(signal: AbortSignal): Promise<void> {
  const ready = () =>
    (typeof document === 'undefined' || document.visibilityState === 'visible') &&
    (typeof navigator === 'undefined' || navigator.onLine !== false);
  if (ready()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!ready()) return;
      stop();
      resolve();
    };
    const abort = () => {
      stop();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    const stop = () => {
      document.removeEventListener('visibilitychange', check);
      removeEventListener('online', check);
      signal.removeEventListener('abort', abort);
    };
    document.addEventListener('visibilitychange', check);
    addEventListener('online', check);
    signal.addEventListener('abort', abort, { once: true });
  });
}
