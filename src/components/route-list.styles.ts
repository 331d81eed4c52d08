import { css } from 'lit';

export const routeListStyles = css`
  swap-route-list {
    display: block;
  }
  .routes {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  .route {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.5);
    width: 100%;
    text-align: start;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 1.25);
    transition:
      border-color 0.15s ease-out,
      box-shadow 0.15s ease-out;
  }
  .route[aria-pressed='true'] {
    border-color: var(--_accent);
    box-shadow: 0 0 0 1px var(--_accent);
  }
  .routes.stale .route {
    opacity: 0.45;
    cursor: default;
  }
  .route.refused,
  .route.unreadable {
    border-style: dashed;
    border-color: var(--_danger);
  }
  .route.unreadable {
    box-sizing: border-box;
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
    background: var(--_surface);
    border: 1px solid var(--_border);
  }
  .badge.tag {
    background: var(--_accent);
    border-color: var(--_accent);
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
    font-size: 0.8rem;
  }
  .fees {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 2px var(--_space);
    font-size: 0.8rem;
    border-top: 1px solid var(--_border);
    padding-top: calc(var(--_space) * 0.5);
  }
  .fee {
    display: contents;
  }
  .fee-amount {
    text-align: end;
  }
  .fee-amount .muted {
    margin-inline-start: 0.3em;
  }
  .impact-warning,
  .route-warning,
  .refusal,
  .blocked {
    font-size: 0.8rem;
  }
  .route.warn .impact,
  .route.high .impact {
    font-weight: 600;
  }
`;
