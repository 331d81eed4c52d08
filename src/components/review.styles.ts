import { css } from 'lit';

export const reviewStyles = css`
  :host {
    display: block;
  }
  .review {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 1.5);
    /* Addresses inside sentences break where they must, never past the box. */
    overflow-wrap: anywhere;
  }
  header {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  h3 {
    margin: 0 0 calc(var(--_space) * 0.5);
    font-size: 0.8rem;
    font-weight: 600;
    color: var(--_muted);
  }
  p,
  dl,
  dd,
  ol,
  ul {
    margin: 0;
  }
  .expiry {
    font-size: 0.85rem;
    font-variant-numeric: tabular-nums;
  }
  .summary {
    background: var(--_surface);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.5) calc(var(--_space) * 1.5);
  }
  .line {
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: var(--_space) 0;
    font-size: 0.85rem;
  }
  .line + .line {
    border-top: 1px solid var(--_border);
  }
  .line dt {
    color: var(--_muted);
    font-size: 0.8rem;
  }
  .amount {
    font-size: 1.35rem;
    font-weight: 650;
    line-height: 1.25;
  }
  .amount .chain {
    /* "on Ethereum" moves to the next line whole, never "on" left behind. */
    display: inline-block;
    font-size: 0.85rem;
    font-weight: 400;
    /* "on Ethereum" wraps whole, never its last word alone ("в сети / Ethereum" at 320 px). */
    white-space: nowrap;
  }
  .address bdi,
  .memo,
  .program {
    font-family: var(--_mono);
    font-size: 0.8rem;
    word-break: break-all;
  }
  /* Broken anywhere, and balanced: no line of an address or a memo ends with one character alone. */
  .address,
  .memo,
  .program {
    text-wrap: balance;
  }
  .line .address {
    margin-top: 4px;
  }
  .address .muted {
    display: block;
    font-size: 0.75rem;
  }
  .part {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-size: 0.85rem;
  }
  .details > summary {
    cursor: pointer;
    font-size: 0.85rem;
    font-weight: 600;
    color: var(--_muted);
    padding: calc(var(--_space) * 0.5) 0;
  }
  .details > .part {
    margin-top: var(--_space);
  }
  .memo {
    display: block;
    background: var(--_surface);
    border-radius: var(--_radius-sm);
    padding: calc(var(--_space) * 0.75);
  }
  .rows > div {
    display: flex;
    justify-content: space-between;
    gap: var(--_space);
    padding: 2px 0;
  }
  .rows dt {
    color: var(--_muted);
    flex: none;
  }
  .rows dd {
    text-align: end;
    min-width: 0;
  }
  .rows > .address {
    flex-direction: column;
    gap: 0;
  }
  .rows .address dd {
    text-align: start;
    font-family: var(--_mono);
    font-size: 0.8rem;
    word-break: break-all;
  }
  .rows .total {
    border-top: 1px dashed var(--_border);
    font-weight: 600;
  }
  .instructions {
    padding-inline-start: calc(var(--_space) * 2.5);
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .program {
    display: block;
    color: var(--_muted);
    font-size: 0.75rem;
  }
  .warnings {
    list-style: none;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    font-size: 0.85rem;
  }
  .warning {
    border-inline-start: 3px solid var(--_warn);
    padding-inline-start: var(--_space);
  }
  .warning.slippage-extreme,
  .warning.deposit-address-unverified,
  .warning.price-impact-extreme {
    border-color: var(--_danger);
  }
  .confirm-risk {
    display: flex;
    gap: var(--_space);
    align-items: flex-start;
    font-size: 0.85rem;
    padding: var(--_space);
    border: 1px solid var(--_danger);
    border-radius: var(--_radius-sm);
  }
  .confirm-risk input {
    flex: none;
    margin: 0.15em 0 0;
    width: 1.1rem;
    height: 1.1rem;
    accent-color: var(--_accent);
  }
  .actions {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  .actions button {
    width: 100%;
    border-radius: var(--_radius-sm);
    padding: calc(var(--_space) * 1.5);
  }
  .confirm {
    border: 0;
    background: var(--_accent);
    color: var(--_accent-fg);
    font-size: 1.05rem;
    font-weight: 600;
  }
  .actions .cancel {
    border: 1px solid var(--_border);
    background: transparent;
    padding: var(--_space);
  }
  /* A phone: tighter, so Confirm shows without scrolling (the details folded). */
  @media (max-width: 400px) {
    .review {
      gap: var(--_space);
    }
    .line {
      padding: calc(var(--_space) * 0.75) 0;
    }
  }
`;
