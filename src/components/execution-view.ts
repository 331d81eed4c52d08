import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { isTxHash } from '../domain/tracking/status.js';
import { formatCountdown } from '../util/format.js';
import type { ReviewWarning } from '../domain/flow/review.js';
import type { ExecutionState } from '../views/execution.js';
import type { ReviewConfirmEvent } from './review.js';
import { LocalizedElement } from './localized-element.js';
import { executionProblemText } from './messages.js';
import { ltrText } from './machine-text.js';
import { HashSubmitEvent } from './memo-flow.js';
import { refusalMayPass } from '../domain/checks/inbound.js';

/** Internal event: the user chose what to do with the swap under way. */
export class ExecutionActionEvent extends Event {
  constructor(
    readonly action: 'retry' | 'accept-price' | 'cancel' | 'pay-by-memo' | 'confirm' | 'continue',
    /** With `confirm`: the risks the user ticked in the review. */
    readonly accepted: readonly ReviewWarning[] = [],
  ) {
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
  /** Why the hash typed after a reload was not taken. */
  @state() private badHash = false;

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
        if (state.to === 'user' && state.pay) {
          const p = state.pay;
          return html`<swap-memo-flow
            exportparts="memo-flow, qr, copy-button, hash-input"
            .chain=${p.chain}
            .asset=${p.asset}
            .amount=${p.amount}
            .address=${p.address}
            .memo=${p.memo}
            .expiresAt=${state.expiresAt}
            .now=${this.now}
            .locale=${this.locale}
            @hash-submit=${(e: HashSubmitEvent) => this.dispatchEvent(new HashSubmitEvent(e.hash))}
          ></swap-memo-flow>
          ${this.cancelButton()}`;
        }
        return this.renderWaiting(state);
      case 'tracked':
        return nothing;
      case 'failed': {
        const p = state.problem;
        // A refused route stays refused: trying again changes nothing, unless a node did not answer.
        const retry = p.code !== 'route-rejected' || refusalMayPass(p.refusal);
        return html`<div part="execution" class="execution danger" role="alert">
          <p>${executionProblemText(p)}</p>
          ${
            state.byHand
              ? html`<p>${msg('You can also send it by hand from any wallet, with the memo.')}</p>
                <button type="button" class="retry" data-action="pay-by-memo" @click=${() => this.act('pay-by-memo')}>${msg('Send by hand with the memo')}</button>`
              : nothing
          }
          ${retry ? html`<button type="button" class=${state.byHand ? 'secondary' : 'retry'} @click=${() => this.act('retry')}>${msg('Try again')}</button>` : nothing}
        </div>`;
      }
      case 'reviewing':
        return html`<swap-review
          exportparts="review, confirm-button, confirm-risk"
          .review=${state.review}
          .consent=${state.consent}
          .now=${this.now}
          .locale=${this.locale}
          @review-confirm=${(e: ReviewConfirmEvent) => this.act('confirm', e.accepted)}
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

  /**
   * The host's or the page wallet's hand-out, waiting: what for, the time left, Cancel. After a
   * reload nothing waits on the wallet any more: if the user sent it, its hash follows the swap;
   * an approval goes on with Continue once it is confirmed.
   */
  private renderWaiting(state: Extract<ExecutionState, { phase: 'handed-out' }>) {
    const left = state.expiresAt - this.now;
    const wallet = state.to === 'wallet';
    const lost = state.restored && wallet;
    return html`<section part="execution" class="execution waiting" aria-labelledby="handout-title">
      <h2 id="handout-title" tabindex="-1">${wallet ? msg('Waiting for your wallet') : msg('Waiting for your app')}</h2>
      <p role="status">
        ${
          state.kind === 'approve'
            ? msg('Waiting for the approval to be signed…')
            : state.kind === 'swap'
              ? msg('Waiting for the swap transaction to be signed…')
              : msg('Waiting for the transfer to be sent…')
        }
      </p>
      <p class="expiry ${left > 0 ? 'muted' : 'danger'}">${left > 0 ? msg(str`${ltrText(formatCountdown(left + 999, this.locale))} left`) : msg('Expired')}</p>
      ${
        lost
          ? html`<p>${msg('The page reloaded while your wallet had this open. If you sent it, enter its hash to follow the swap; do not send it twice.')}</p>
            <form class="hash" @submit=${this.handleHash}>
              <label for="handout-hash">${msg('Transaction hash, once sent')}</label>
              <div class="row">
                <input id="handout-hash" part="hash-input" name="hash" type="text" dir="ltr" autocomplete="off" spellcheck="false" aria-describedby="handout-hash-error" aria-invalid=${this.badHash ? 'true' : 'false'} />
                <button type="submit">${msg('Track')}</button>
              </div>
              <span id="handout-hash-error" class="danger" role=${this.badHash ? 'alert' : nothing}>${this.badHash ? msg('This does not look like a transaction hash.') : ''}</span>
            </form>
            ${
              state.kind === 'approve'
                ? html`<p>${msg('Once your approval is confirmed, continue to the swap.')}</p>
                  <button type="button" class="retry" data-action="continue" @click=${() => this.act('continue')}>${msg('Continue')}</button>`
                : nothing
            }`
          : nothing
      }
      ${this.cancelButton()}
    </section>`;
  }

  /** Moves the focus to the heading of the screen shown (the root calls it when a hand-out's screen appears). */
  async focusHeading(): Promise<void> {
    await this.updateComplete;
    const memo = this.querySelector('swap-memo-flow');
    if (memo) return memo.focusHeading();
    this.querySelector<HTMLElement>('#handout-title')?.focus();
  }

  private handleHash = (e: SubmitEvent) => {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('hash') as HTMLInputElement;
    const hash = input.value.trim();
    this.badHash = !isTxHash(hash);
    if (!this.badHash) this.dispatchEvent(new HashSubmitEvent(hash));
  };

  /** Withdraws the open hand-out (`swap-revoke` `rejected`): back to the form. */
  private cancelButton() {
    return html`<button type="button" class="secondary cancel" data-action="cancel" @click=${() => this.act('cancel')}>${msg('Cancel')}</button>`;
  }

  private act(action: ExecutionActionEvent['action'], accepted: readonly ReviewWarning[] = []) {
    this.dispatchEvent(new ExecutionActionEvent(action, accepted));
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
