import { css } from 'lit';

export const memoFlowStyles = css`
  p {
    margin: 0;
    font-size: 0.85rem;
  }
  .warning {
    border-inline-start: 3px solid var(--_warn);
    padding-inline-start: var(--_space);
  }
  dl {
    margin: 0;
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  dt {
    font-size: 0.75rem;
    color: var(--_muted);
  }
  dd {
    margin: 0;
    display: flex;
    gap: var(--_space);
    align-items: flex-start;
  }
  code {
    flex: 1;
    font-family: var(--_mono);
    font-size: 0.8rem;
    word-break: break-all;
    /* Balanced: no line of an address or a memo ends with one character alone. */
    text-wrap: balance;
    background: var(--_surface);
    border-radius: var(--_radius-sm);
    padding: calc(var(--_space) * 0.5);
  }
  .copy,
  .hash button {
    border: 1px solid var(--_border);
    background: var(--_bg);
    border-radius: var(--_radius-sm);
    padding: calc(var(--_space) * 0.5) var(--_space);
    font-size: 0.8rem;
  }
  figure {
    margin: 0;
    text-align: center;
  }
  .qr {
    width: 10rem;
    height: 10rem;
  }
  .qr-bg {
    fill: #fff;
  }
  .qr-fg {
    fill: #000;
  }
  figcaption {
    font-size: 0.75rem;
  }
  .hash {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-size: 0.85rem;
  }
  .hash .row {
    display: flex;
    gap: var(--_space);
  }
  .hash input {
    flex: 1;
    min-width: 0;
    padding: calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-sm);
    font-family: var(--_mono);
    font-size: 0.8rem;
    background: var(--_bg);
  }
  .copied:empty {
    display: none;
  }
`;
