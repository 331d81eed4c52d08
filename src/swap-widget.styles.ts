import { css } from 'lit';

/**
 * The root's styles. Public theme tokens (`--swap-*`, settable on the element or any
 * ancestor) are read here into private `--_*` variables that every part uses; the light
 * and dark palettes are only their defaults.
 */
export const swapWidgetStyles = css`
  :host {
    --_bg: var(--swap-bg, #ffffff);
    --_fg: var(--swap-fg, #1b1f27);
    --_muted: var(--swap-muted, #596170);
    --_surface: var(--swap-surface, #f2f4f7);
    --_border: var(--swap-border, #cfd5de);
    --_accent: var(--swap-accent, #2f4fd1);
    --_accent-fg: var(--swap-accent-fg, #ffffff);
    --_danger: var(--swap-danger, #b3261e);
    --_warn: var(--swap-warn, #8a4b00);
    --_ok: var(--swap-ok, #1e7b34);
    --_focus: var(--swap-focus-ring, #1a64d6);
    --_radius: var(--swap-radius, 16px);
    --_radius-sm: var(--swap-radius-small, 10px);
    --_font: var(--swap-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_mono: var(--swap-font-mono, ui-monospace, 'SFMono-Regular', Menlo, monospace);
    --_space: var(--swap-space, 8px);
    --_shadow: var(--swap-shadow, 0 2px 10px rgba(15, 20, 30, 0.12));
    --_width: var(--swap-width, 26rem);

    display: block;
    position: relative;
    max-width: var(--_width);
    color-scheme: light;
  }
  :host([hidden]) {
    display: none;
  }
  /* The dark palette's defaults, for theme="dark" and for "auto" under a dark preference
     (written twice: a shared fragment would not be valid CSS for the minifier). */
  :host([theme='dark']) {
    --_bg: var(--swap-bg, #15181e);
    --_fg: var(--swap-fg, #eceff4);
    --_muted: var(--swap-muted, #a3acbb);
    --_surface: var(--swap-surface, #222731);
    --_border: var(--swap-border, #3a4150);
    --_accent: var(--swap-accent, #8ea6ff);
    --_accent-fg: var(--swap-accent-fg, #0b1020);
    --_danger: var(--swap-danger, #ff8a80);
    --_warn: var(--swap-warn, #ffc46b);
    --_ok: var(--swap-ok, #7ddc8f);
    --_focus: var(--swap-focus-ring, #8ec5ff);
    --_shadow: var(--swap-shadow, 0 2px 12px rgba(0, 0, 0, 0.5));
    color-scheme: dark;
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light']):not([theme='dark'])) {
      --_bg: var(--swap-bg, #15181e);
      --_fg: var(--swap-fg, #eceff4);
      --_muted: var(--swap-muted, #a3acbb);
      --_surface: var(--swap-surface, #222731);
      --_border: var(--swap-border, #3a4150);
      --_accent: var(--swap-accent, #8ea6ff);
      --_accent-fg: var(--swap-accent-fg, #0b1020);
      --_danger: var(--swap-danger, #ff8a80);
      --_warn: var(--swap-warn, #ffc46b);
      --_ok: var(--swap-ok, #7ddc8f);
      --_focus: var(--swap-focus-ring, #8ec5ff);
      --_shadow: var(--swap-shadow, 0 2px 12px rgba(0, 0, 0, 0.5));
      color-scheme: dark;
    }
  }
  /* The first frame of a page left while a swap was under way: said in the middle of the box
     until the swap's own screen replaces it. */
  .resuming {
    margin: auto;
    padding: calc(var(--_space) * 4) 0;
    text-align: center;
    color: var(--_muted);
  }
  .widget {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 1.5);
    background: var(--_bg);
    color: var(--_fg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
    padding: calc(var(--_space) * 2);
    min-height: 12rem;
  }
  .config-errors {
    margin: 0;
    padding: var(--_space) calc(var(--_space) * 1.5) var(--_space) calc(var(--_space) * 3.5);
    border-radius: var(--_radius-sm);
    font-size: 0.85rem;
    color: var(--_danger);
    border: 1px solid var(--_danger);
  }
  .quote-status {
    margin: 0;
    font-size: 0.85rem;
    min-height: 1.2em;
  }
  .quote-status.hold {
    color: var(--_danger);
  }
  .problem {
    border: 1px solid var(--_danger);
    border-radius: var(--_radius-sm);
    padding: var(--_space) calc(var(--_space) * 1.5);
    font-size: 0.9rem;
  }
  .problem p {
    margin: 0 0 calc(var(--_space) * 0.5);
    color: var(--_danger);
    font-weight: 600;
  }
  .problem ul {
    margin: 0 0 var(--_space);
    padding-inline-start: calc(var(--_space) * 2.5);
  }
  .retry,
  .swap-button {
    border: 0;
    border-radius: var(--_radius-sm);
    background: var(--_accent);
    color: var(--_accent-fg);
    padding: calc(var(--_space) * 0.75) calc(var(--_space) * 2);
    font-weight: 600;
  }
  .swap-button {
    width: 100%;
    padding: calc(var(--_space) * 1.5);
    font-size: 1.05rem;
  }
  .swap-button:disabled {
    background: var(--_surface);
    color: var(--_muted);
    cursor: default;
  }
  .overlay {
    position: absolute;
    inset: 0;
    z-index: 10;
    display: flex;
    flex-direction: column;
    justify-content: flex-start;
    padding: var(--_space);
    background: color-mix(in srgb, var(--_bg) 40%, transparent);
  }
  .execution {
    margin: 0;
    font-size: 0.9rem;
  }
  .execution p {
    margin: 0 0 var(--_space);
  }
  /* The waiting panel of a hand-out the host or the wallet holds: a panel like the memo screen's. */
  .execution.waiting {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 1.5);
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  .execution.waiting h2 {
    margin: 0;
    font-size: 1rem;
  }
  .execution.waiting p {
    margin: 0;
  }
  .execution.waiting .cancel {
    align-self: flex-start;
    margin-inline-start: 0;
  }
  /* Under the memo screen's panel: aligned with its edge, a gap above. */
  swap-memo-flow + .cancel {
    margin: var(--_space) 0 0;
  }
  .execution .hash .row {
    display: flex;
    gap: var(--_space);
  }
  .execution .hash input {
    flex: 1;
    min-width: 0;
  }
  .secondary,
  .link,
  .dismiss {
    border: 1px solid var(--_border);
    background: var(--_bg);
    color: var(--_fg);
    border-radius: var(--_radius-sm);
    padding: calc(var(--_space) * 0.5) var(--_space);
  }
  /* The recent swaps' rows: a list, not fields (the surface's colour, a border only on the one
     shown or hovered). */
  .link,
  .dismiss {
    border-color: transparent;
    background: var(--_surface);
  }
  .link:hover,
  .dismiss:hover {
    border-color: var(--_border);
  }
  .secondary {
    margin-inline-start: var(--_space);
  }
  .storage-notice {
    margin: 0;
    font-size: 0.8rem;
  }
  .recent h2 {
    font-size: 0.9rem;
    margin: 0 0 calc(var(--_space) * 0.5);
  }
  .recent ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .recent li {
    display: flex;
    gap: 4px;
  }
  .recent .link {
    flex: 1;
    text-align: start;
    font-size: 0.8rem;
  }
  .recent .link[aria-pressed='true'] {
    border-color: var(--_accent);
  }
  .recent .dismiss {
    color: var(--_muted);
  }
`;
