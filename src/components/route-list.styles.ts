import { css } from 'lit';

export const routeListStyles = css`
  swap-route-list,
  .routes {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  .route {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.5);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 1.25);
    overflow-wrap: anywhere;
    transition:
      border-color 0.15s ease-out,
      box-shadow 0.15s ease-out;
  }
  .route.checked {
    border-color: var(--_accent);
    box-shadow: 0 0 0 1px var(--_accent);
  }
  .pick {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.25);
    width: 100%;
    text-align: start;
    background: none;
    border: 0;
    border-radius: var(--_radius-sm);
    padding: 0;
    transition: opacity 0.15s ease-out;
  }
  .routes.stale .route {
    opacity: 0.45;
  }
  .route.refused,
  .route.unreadable {
    border-style: dashed;
    border-color: var(--_danger);
  }
  .route.unreadable {
    color: var(--_muted);
  }
  .head,
  .out {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: var(--_space);
    flex-wrap: wrap;
  }
  .providers {
    font-weight: 600;
    font-size: 0.85rem;
  }
  .badges {
    display: flex;
    gap: 4px;
    flex-wrap: wrap;
  }
  .badge {
    font-size: 0.7rem;
    border-radius: 999px;
    padding: 1px 8px;
    background: var(--_accent);
    color: var(--_accent-fg);
  }
  .expected {
    font-size: 1.15rem;
    font-weight: 600;
  }
  .facts {
    display: flex;
    flex-wrap: wrap;
    gap: 2px calc(var(--_space) * 1.5);
  }
  .facts,
  .fees,
  .notes,
  .more-routes {
    font-size: 0.8rem;
  }
  .fees summary .muted {
    white-space: nowrap;
  }
  .fees > div {
    margin-top: 2px;
  }
  .fee-lines {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 2px var(--_space);
    border-top: 1px solid var(--_border);
    padding-top: calc(var(--_space) * 0.5);
  }
  .fee {
    display: contents;
  }
  .fee-amount {
    text-align: end;
  }
  .notes {
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  .more-routes {
    align-self: center;
    background: none;
    border: 1px solid var(--_border);
    border-radius: 999px;
    padding: calc(var(--_space) * 0.5) calc(var(--_space) * 1.5);
  }
  .more-routes::after {
    content: '▾' / '';
    margin-inline-start: 0.3em;
  }
  .more-routes[aria-expanded='true']::after {
    content: '▴' / '';
  }
`;
