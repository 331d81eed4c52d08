/** The longest delay a browser timer takes (about 24.8 days); longer ones fire at once. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Calls back once a moment (Unix ms) has passed. Timers are capped near 24.8 days, and may
 * fire early: it waits again for what is left. One deadline at a time: `set` replaces it.
 */
export class Deadline {
  private timer?: ReturnType<typeof setTimeout>;

  /** Calls `due` once `at` has passed; nothing when `at` is undefined. */
  set(at: number | undefined, due: () => void): void {
    this.clear();
    if (at === undefined) return;
    const fire = () => {
      const left = at - Date.now();
      if (left > 0) this.timer = setTimeout(fire, Math.min(left, MAX_DELAY_MS));
      else due();
    };
    this.timer = setTimeout(fire, Math.min(Math.max(0, at - Date.now()), MAX_DELAY_MS));
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
