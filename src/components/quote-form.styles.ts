import { css } from 'lit';

export const quoteFormStyles = css`
  :host {
    display: block;
  }
  form {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    container-type: inline-size;
  }
  /* Under the token picker, which covers the widget's box: room for its list. */
  form[inert] {
    min-height: 24rem;
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  .side {
    display: grid;
    grid-template-columns: auto 1fr;
    grid-template-areas: 'legend legend' 'asset amount' 'err usd';
    align-items: center;
    gap: calc(var(--_space) * 0.5) var(--_space);
    background: var(--_surface);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 1.5);
  }
  legend {
    grid-area: legend;
    float: left;
    font-size: 0.8rem;
    color: var(--_muted);
    padding: 0;
    margin-bottom: calc(var(--_space) * 0.5);
  }
  .asset {
    grid-area: asset;
    display: inline-flex;
    align-items: baseline;
    gap: calc(var(--_space) * 0.5);
    border: 1px solid var(--_border);
    background: var(--_bg);
    border-radius: 999px;
    padding: calc(var(--_space) * 0.5) calc(var(--_space) * 1.25);
    white-space: nowrap;
  }
  .asset .symbol {
    font-weight: 600;
  }
  .asset .chain {
    font-size: 0.75rem;
  }
  .amount {
    grid-area: amount;
    min-width: 0;
    width: 100%;
    text-align: end;
    font-size: 1.5rem;
    border: 0;
    background: transparent;
    padding: 0;
  }
  .expected {
    font-size: clamp(1rem, 9cqi - 0.5rem, 1.5rem);
    overflow-wrap: anywhere;
  }
  .usd {
    grid-area: usd;
    text-align: end;
    font-size: 0.85rem;
    min-height: 1.2em;
  }
  .field-error {
    grid-area: err;
    /* The whole row: a long reason never narrows the amount field. A refused amount has no USD value beside it. */
    grid-column: 1 / -1;
    font-size: 0.8rem;
  }
  .side .field-error:empty {
    display: none;
  }
  .flip {
    align-self: center;
    margin: calc(var(--_space) * -1.25) 0;
    z-index: 1;
    width: 2.25rem;
    height: 2.25rem;
    border-radius: 50%;
    border: 2px solid var(--_bg);
    background: var(--_surface);
    font-size: 1.1rem;
  }
  .settings summary {
    cursor: pointer;
    font-size: 0.85rem;
    color: var(--_muted);
    padding: calc(var(--_space) * 0.5) 0;
  }
  .address {
    display: flex;
    flex-direction: column;
    gap: 2px;
    margin-block: var(--_space);
    font-size: 0.85rem;
  }
  .address input,
  #slippage {
    padding: calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-sm);
    background: var(--_bg);
    font-family: var(--_mono);
    font-size: 0.8rem;
  }
  .address input[readonly] {
    background: var(--_surface);
  }
  [aria-invalid='true'] {
    border-color: var(--_danger) !important;
  }
  .wallet,
  .balance {
    grid-column: 1 / -1;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) * 0.5) var(--_space);
    font-size: 0.85rem;
  }
  .wallet .wallets {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.5);
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .wallet button,
  .balance button {
    border: 1px solid var(--_border);
    border-radius: var(--_radius-sm);
    background: var(--_bg);
    padding: 2px var(--_space);
  }
  .wallet code {
    font-family: var(--_mono);
  }
  .wallet img {
    vertical-align: middle;
    margin-inline-end: calc(var(--_space) * 0.5);
  }
`;
