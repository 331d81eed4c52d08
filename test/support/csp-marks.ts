/**
 * What the strict-CSP page's server (csp.ts, in Node) and its browser test share, with no Node
 * module in it: the browser imports this file.
 */

/** What the tampered later file does if it ever runs: the test reads it. */
export const TAMPERED_MARK = '__swapWidgetTamperedLaterFileRan';
