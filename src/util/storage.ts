/** The page's localStorage, or undefined where reading it throws (storage blocked, sandboxed frames). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
