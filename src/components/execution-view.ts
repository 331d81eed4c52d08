import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { PropertyValues } from 'lit';
import type { ExecutionState } from '../controllers/execution-controller.js';
import { LocalizedElement } from './localized-element.js';
import { executionProblemText, unverifiedText } from './messages.js';
import { ltrText } from './machine-text.js';
import { HashSubmitEvent } from './memo-flow.js';

/** Internal event: the user chose what to do with the swap under way. */
export class ExecutionActionEvent extends Event {
  constructor(readonly action: 'retry' | 'accept-price' | 'cancel' | 'pay-by-memo' | 'accept-risk') {
    super('execution-action', { bubbles: false, composed: false });
  }
}

/**
 * What the swap under way waits for: a step, the host, the user's choice after a price
 * move, a refusal or a failure, or the memo flow. It renders into the root's shadow tree.
 *
 * @fires execution-action - internal: retry, accept the new price, cancel, or pay by hand with the memo
 * @fires hash-submit - internal: the user gave the hash of the transfer they sent
 * @csspart execution - what the swap waits for
 */
export class SwapExecutionView extends LocalizedElement {
  @property({ attribute: false }) state: ExecutionState = { phase: 'idle' };
  /** Current time in ms, for the memo flow's countdown. */
  @property({ type: Number }) now = Date.now();
  /** The user ticked the box that accepts the unverified addresses shown. */
  @state() private riskAccepted = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Each new question starts unticked.
    if (changed.has('state') && this.state.phase !== 'confirm-risk') this.riskAccepted = false;
  }

  protected override createRenderRoot() {
    return this;
  }

  protected override render() {
    const state = this.state;
    switch (state.phase) {
      case 'idle':
        return nothing;
      case 'working':
        return html`<p part="execution" class="execution" role="status">${this.stepText(state.step)}</p>`;
      case 'handed-out':
        if (state.to === 'user' && state.plan) {
          const p = state.plan;
          return html`<swap-memo-flow
            exportparts="memo-flow, qr, copy-button, hash-input"
            .chain=${p.chain}
            .asset=${p.asset}
            .amount=${p.amount}
            .address=${p.address}
            .memo=${p.memo}
            .expiresAt=${p.expiresAt}
            .now=${this.now}
            .locale=${this.locale}
            @hash-submit=${(e: HashSubmitEvent) => this.dispatchEvent(new HashSubmitEvent(e.hash))}
          ></swap-memo-flow>`;
        }
        return html`<p part="execution" class="execution" role="status">
          ${state.kind === 'approve'
            ? msg('Waiting for the approval to be signed…')
            : state.kind === 'swap'
              ? msg('Waiting for the swap transaction to be signed…')
              : msg('Waiting for the transfer to be sent…')}
        </p>`;
      case 'tracked':
        return nothing;
      case 'failed': {
        const p = state.problem;
        // A refused route stays refused: trying again changes nothing.
        const retry = p.code !== 'route-rejected';
        return html`<div part="execution" class="execution danger" role="alert">
          <p>${executionProblemText(p)}</p>
          ${state.memo
            ? html`<p>${msg('You can also send it by hand from any wallet, with the memo.')}</p>
                <button type="button" class="retry" data-action="pay-by-memo" @click=${() => this.act('pay-by-memo')}>${msg('Send by hand with the memo')}</button>`
            : nothing}
          ${retry ? html`<button type="button" class=${state.memo ? 'secondary' : 'retry'} @click=${() => this.act('retry')}>${msg('Try again')}</button>` : nothing}
        </div>`;
      }
      case 'confirm-risk':
        return html`<div part="execution" class="execution warn" role="alert">
          ${state.warnings.map((w) => html`<p>${unverifiedText(w)}</p>`)}
          <label class="confirm-risk"
            ><input type="checkbox" part="confirm-risk" .checked=${this.riskAccepted} @change=${(e: Event) => (this.riskAccepted = (e.target as HTMLInputElement).checked)} />
            ${msg('I understand that this address could not be verified, and I want to go on.')}</label
          >
          <button type="button" class="retry" ?disabled=${!this.riskAccepted} @click=${() => this.act('accept-risk')}>${msg('Continue')}</button>
          <button type="button" class="secondary" @click=${() => this.act('cancel')}>${msg('Cancel')}</button>
        </div>`;
      case 'confirm-worse':
        return html`<div part="execution" class="execution warn" role="alert">
          <p>${msg(str`The price moved: you would now receive ${ltrText(state.now)} instead of ${ltrText(state.was)}, below your slippage limit.`)}</p>
          <button type="button" class="retry" @click=${() => this.act('accept-price')}>${msg('Swap at the new price')}</button>
          <button type="button" class="secondary" @click=${() => this.act('cancel')}>${msg('Cancel')}</button>
        </div>`;
    }
  }

  private act(action: ExecutionActionEvent['action']) {
    this.dispatchEvent(new ExecutionActionEvent(action));
  }

  private stepText(step: string): string {
    switch (step) {
      case 'checking':
        return msg('Checking the route…');
      case 'requoting':
        return msg('The route is about to expire: quoting again…');
      case 'opening-channel':
        return msg('Opening a deposit channel…');
      case 'connecting':
        return msg('Connect your wallet…');
      case 'switching':
        return msg('Switching your wallet to the right network…');
      case 'allowance':
        return msg('Checking the token allowance…');
      case 'approving':
        return msg('Approve the exact amount in your wallet…');
      case 'confirming':
        return msg('Waiting for the approval to be confirmed…');
      default:
        return msg('Confirm the swap in your wallet…');
    }
  }
}
