import { css } from 'lit';

/** The header and the settings (settings.ts), drawn in the quote form's shadow tree. */
export const settingsStyles = css`
  swap-settings {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    margin-block-end: var(--_space);
  }
  .head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
  }
  .head h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  .settings-button {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--_space) * 0.5);
    max-width: 50%;
    overflow: hidden;
    white-space: nowrap;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
    padding: calc(var(--_space) * 0.5) calc(var(--_space) * 1.25);
    font-size: 0.85rem;
  }
  .settings-button svg {
    flex: none;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.5;
    stroke-linecap: round;
  }
  .settings-button.warn,
  .settings-button.danger {
    border-color: currentColor;
  }
  .settings {
    background: var(--_surface);
    border-radius: var(--_radius-sm);
    padding: calc(var(--_space) * 1.5);
  }
  .slippage {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) * 0.5);
    font-size: 0.85rem;
  }
  .slippage legend {
    float: none;
    width: 100%;
  }
  .preset {
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_bg);
    padding: 2px calc(var(--_space) * 1.25);
  }
  .preset[aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_accent-fg);
    border-color: var(--_accent);
  }
  #slippage {
    width: 5rem;
  }
  .slippage .field-error,
  .note {
    width: 100%;
    margin: 0;
  }
  .slippage .field-error:empty,
  .note:empty {
    display: none;
  }
`;
