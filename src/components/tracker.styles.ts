import { css } from 'lit';

export const trackerStyles = css`
  .headline {
    margin: 0;
    font-weight: 600;
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
  .stages {
    display: flex;
    gap: 4px;
    list-style: none;
    margin: 0;
    padding: 0;
    font-size: 0.75rem;
  }
  .stages li {
    flex: 1;
    text-align: center;
    padding-top: 6px;
    border-top: 4px solid var(--_border);
    color: var(--_muted);
  }
  .stages li.done {
    border-color: var(--_ok);
    color: var(--_fg);
  }
  .stages li.current {
    border-color: var(--_accent);
    color: var(--_fg);
    font-weight: 600;
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
  .amounts {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 2px var(--_space);
    margin: 0;
    font-size: 0.9rem;
  }
  .amounts dd {
    margin: 0;
    text-align: end;
  }
  .received {
    font-weight: 600;
  }
  .legs {
    margin: 0;
    padding-inline-start: calc(var(--_space) * 2.5);
    font-size: 0.85rem;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
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
  .advice,
  .problem {
    margin: 0;
    font-size: 0.85rem;
  }
`;
