/**
 * Runs `callback` in a task of its own after the next frame is painted: work that must not
 * delay what that frame shows (the form on first render, the rows of a keystroke).
 */
export function afterPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback));
}
