import { css } from 'lit';

export const trackerStyles = css`
  /* The panel's title: the status line under it is what the eye reads first. */
  .panel h2 {
    font-size: 0.85rem;
    color: var(--_muted);
  }
  .headline {
    margin: 0;
    font-weight: 600;
    font-size: 1.05rem;
    line-height: 1.35;
  }
  .tracker.success .headline {
    color: var(--_ok);
  }
  .tracker.failure .headline {
    color: var(--_danger);
  }
  .tracker.refund .headline {
    color: var(--_warn);
  }
  /* The stages, top to bottom, joined by a line: LI.FI's step view. */
  .stages {
    list-style: none;
    margin: 0;
    padding: 0;
    font-size: 0.9rem;
  }
  .stages li {
    position: relative;
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding-block: 3px;
    color: var(--_muted);
  }
  .stages li:not(:last-child)::after {
    content: '';
    position: absolute;
    inset-inline-start: 9px;
    top: 23px;
    bottom: -3px;
    width: 2px;
    background: var(--_border);
  }
  li[data-state='done']::after {
    background: var(--_ok);
  }
  .mark {
    flex: none;
    display: grid;
    place-items: center;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    border: 2px solid var(--_border);
    background: var(--_bg);
  }
  .mark svg {
    width: 14px;
    height: 14px;
    fill: none;
    stroke: currentColor;
    stroke-width: 2.2;
    stroke-linecap: round;
  }
  li[data-state='done'] {
    color: var(--_fg);
  }
  li[data-state='done'] .mark {
    border-color: var(--_ok);
    background: var(--_ok);
    color: var(--_bg);
  }
  li[data-state='current'] {
    color: var(--_fg);
    font-weight: 600;
  }
  li[data-state='current'] .mark {
    border-color: var(--_accent);
  }
  li[data-state='current'] .mark::after {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--_accent);
  }
  li[data-state='failed'] {
    color: var(--_danger);
    font-weight: 600;
  }
  li[data-state='failed'] .mark {
    border-color: var(--_danger);
    background: var(--_danger);
    color: var(--_bg);
  }
  li[data-state='skipped'] .label {
    text-decoration: line-through;
  }
  li[data-state='skipped'] .mark {
    border-style: dashed;
  }
  .streaming {
    display: flex;
    flex-direction: column;
    gap: 2px;
    font-size: 0.85rem;
  }
  progress {
    width: 100%;
    accent-color: var(--_accent);
  }
  .confirmations,
  .time {
    margin: 0;
    font-size: 0.85rem;
    font-variant-numeric: tabular-nums;
  }
  .amounts {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 2px var(--_space);
    margin: 0;
    padding: var(--_space) calc(var(--_space) * 1.25);
    border-radius: var(--_radius-sm);
    background: var(--_surface);
    font-size: 0.9rem;
  }
  .amounts dt {
    color: var(--_muted);
  }
  .amounts dd {
    margin: 0;
    text-align: end;
    overflow-wrap: anywhere;
  }
  .received {
    font-weight: 600;
    color: var(--_ok);
  }
  .refunded {
    font-weight: 600;
    color: var(--_warn);
  }
  .legs {
    margin: 0;
    padding-inline-start: calc(var(--_space) * 2.5);
    font-size: 0.85rem;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space) calc(var(--_space) * 2);
    margin: 0;
    font-size: 0.85rem;
  }
  a {
    color: var(--_accent);
  }
  code {
    font-family: var(--_mono);
    word-break: break-all;
  }
  .reason,
  .advice,
  .problem {
    margin: 0;
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
  /* The service's words, set apart from the widget's advice. */
  .reason {
    padding-inline-start: var(--_space);
    border-inline-start: 3px solid var(--_border);
    color: var(--_muted);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
    font-size: 0.85rem;
  }
  .new-swap {
    padding: calc(var(--_space) * 0.75) calc(var(--_space) * 2);
    border-radius: var(--_radius-sm);
    border: 1px solid var(--_accent);
    background: transparent;
    color: var(--_accent);
    font-weight: 600;
  }
  .new-swap.primary {
    flex: 1;
    padding-block: calc(var(--_space) * 1.25);
    background: var(--_accent);
    color: var(--_accent-fg);
    font-size: 1rem;
  }
`;
