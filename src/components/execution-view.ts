import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { ExecutionState } from '../controllers/execution/execution-controller.js';
import { LocalizedElement } from './localized-element.js';
import { executionProblemText } from './messages.js';
import { ltrText } from './machine-text.js';
import { HashSubmitEvent } from './memo-flow.js';
import { refusalMayPass } from '../domain/checks/inbound.js';

/** Internal event: the user chose what to do with the swap under way. */
export class ExecutionActionEvent extends Event {
  constructor(readonly action: 'retry' | 'accept-price' | 'cancel' | 'pay-by-memo' | 'confirm') {
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
          ></swap-memo-flow>
          ${this.cancelButton()}`;
        }
        return html`<div part="execution" class="execution">
          <p role="status">
            ${
              state.kind === 'approve'
                ? msg('Waiting for the approval to be signed…')
                : state.kind === 'swap'
                  ? msg('Waiting for the swap transaction to be signed…')
                  : msg('Waiting for the transfer to be sent…')
            }
          </p>
          ${this.cancelButton()}
        </div>`;
      case 'tracked':
        return nothing;
      case 'failed': {
        const p = state.problem;
        // A refused route stays refused: trying again changes nothing, unless a node did not answer.
        const retry = p.code !== 'route-rejected' || refusalMayPass(p.refusal);
        return html`<div part="execution" class="execution danger" role="alert">
          <p>${executionProblemText(p)}</p>
          ${
            state.memo
              ? html`<p>${msg('You can also send it by hand from any wallet, with the memo.')}</p>
                <button type="button" class="retry" data-action="pay-by-memo" @click=${() => this.act('pay-by-memo')}>${msg('Send by hand with the memo')}</button>`
              : nothing
          }
          ${retry ? html`<button type="button" class=${state.memo ? 'secondary' : 'retry'} @click=${() => this.act('retry')}>${msg('Try again')}</button>` : nothing}
        </div>`;
      }
      case 'reviewing':
        return html`<swap-review
          exportparts="review, confirm-button, confirm-risk"
          .review=${state.review}
          .now=${this.now}
          .locale=${this.locale}
          @review-confirm=${() => this.act('confirm')}
          @review-cancel=${() => this.act('cancel')}
        ></swap-review>`;
      case 'confirm-worse':
        return html`<div part="execution" class="execution warn" role="alert">
          <p>${msg(str`The price moved: you would now receive ${ltrText(state.now)} instead of ${ltrText(state.was)}, below your slippage limit.`)}</p>
          <button type="button" class="retry" @click=${() => this.act('accept-price')}>${msg('Swap at the new price')}</button>
          <button type="button" class="secondary" @click=${() => this.act('cancel')}>${msg('Cancel')}</button>
        </div>`;
    }
  }

  /** Withdraws the open hand-out (`swap-revoke` `rejected`): back to the form. */
  private cancelButton() {
    return html`<button type="button" class="secondary cancel" data-action="cancel" @click=${() => this.act('cancel')}>${msg('Cancel')}</button>`;
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
