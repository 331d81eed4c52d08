import { css } from 'lit';

/**
 * Every colour is a theme token (`--_*`, from the root's `--swap-*`): a dark brand set by
 * the host stays dark whatever the system's colour scheme.
 */
export const tokenPickerStyles = css`
  /* The widget's box (its root is positioned): the picker covers it, edge to edge. */
  :host {
    position: absolute;
    inset: 0;
    z-index: 10;
  }
  .picker {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    height: 100%;
    background: var(--_bg);
    color: var(--_fg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 1.5);
  }
  header,
  .bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
  }
  h2 {
    margin: 0;
    font-size: 1rem;
  }
  .close {
    background: none;
    border: 0;
    font-size: 1.5rem;
    line-height: 1;
    padding: 0 var(--_space);
    border-radius: var(--_radius-sm);
  }
  input,
  select {
    border: 1px solid var(--_border);
    border-radius: var(--_radius-sm);
    background: var(--_surface);
  }
  input {
    width: 100%;
    padding: var(--_space);
    text-overflow: ellipsis;
  }
  /* Smaller than the typed text (which stays 16px: no zoom on a phone), to fit in 320 px. */
  input::placeholder {
    color: var(--_muted);
    opacity: 1;
    font-size: 0.875rem;
  }
  select {
    min-width: 0;
    padding: calc(var(--_space) * 0.5) var(--_space);
    font-size: 0.85rem;
  }
  .count {
    margin: 0;
    font-size: 0.8rem;
  }
  .list {
    flex: 1;
    min-height: 8rem;
    /* The scrollbar's room is kept from the start: a scrollbar appearing would narrow every
       row and set the virtualizer measuring in a loop. */
    overflow-y: scroll;
    scrollbar-gutter: stable;
    scrollbar-color: var(--_border) transparent;
    border-radius: var(--_radius-sm);
  }
  /* Chain headings and tokens are one height: rows are reused by place as the query changes,
     so a row turning from one kind into the other keeps its size, and the virtualizer's
     positions stay right without measuring again (a second layout in the keystroke's frame). */
  .chain,
  .option {
    width: 100%;
    height: calc(2rem + var(--_space) * 1.5);
  }
  .chain {
    display: flex;
    align-items: flex-end;
    padding: 0 var(--_space) calc(var(--_space) * 0.5);
    font-size: 0.75rem;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--_muted);
  }
  .option {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: calc(var(--_space) * 0.75) var(--_space);
    border-radius: var(--_radius-sm);
    cursor: pointer;
  }
  .option.active {
    background: var(--_surface);
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }
  .option[aria-selected='true'] .symbol::after {
    content: ' ✓';
    color: var(--_ok);
  }
  img,
  .monogram {
    width: 24px;
    height: 24px;
    border-radius: 50%;
    flex: none;
  }
  .monogram {
    display: grid;
    place-items: center;
    background: var(--_surface);
    font-size: 0.75rem;
    font-weight: 600;
  }
  .names {
    display: flex;
    flex-direction: column;
    min-width: 0;
    flex: 1;
  }
  /* The name has its line to itself (the contract beside the symbol, the chain in the
     heading), so it is whole at the widget's width. rem, as the row's height: a host's
     larger font on the widget cannot overflow the row. */
  .line {
    display: flex;
    align-items: baseline;
    gap: calc(var(--_space) * 0.75);
  }
  .symbol,
  .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .symbol {
    font-size: 1rem;
    font-weight: 600;
    line-height: 1.125rem;
  }
  .contract {
    flex: none;
    font-size: 0.75rem;
  }
  .name {
    font-size: 0.8rem;
    line-height: 0.875rem;
  }
  .balance {
    flex: none;
    font-size: 0.85rem;
    font-variant-numeric: tabular-nums;
  }
`;
