import { css } from 'lit';

/**
 * Styles every part of the widget shares. Public `--swap-*` custom properties are read once,
 * on the root element, into private `--_*` variables (see swap-widget.styles.ts); everything
 * below reads only the private ones, which inherit into every sub-component.
 */
export const sharedStyles = css`
  :host {
    box-sizing: border-box;
    font-family: var(--_font);
    color: var(--_fg);
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button,
  input,
  select {
    font: inherit;
    color: inherit;
  }
  button {
    cursor: pointer;
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
    border: 0;
  }
  .muted {
    color: var(--_muted);
  }
  .warn {
    color: var(--_warn);
  }
  .danger {
    color: var(--_danger);
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }
`;

/** A bordered panel with a heading: the memo flow and the tracker. */
export const panelStyles = css`
  :host {
    display: block;
  }
  .panel {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 1.5);
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  .panel h2 {
    margin: 0;
    font-size: 1rem;
  }
`;
