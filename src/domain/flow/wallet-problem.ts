/**
 * What went wrong in a wallet, as a code with parameters: the words are chosen when the
 * widget renders (`walletProblemText`), in the widget's own language. Plain TypeScript.
 */

/** What the wallet was asked to do. */
export type WalletAction = 'connect' | 'switch' | 'allowance' | 'token' | 'approval' | 'swap';

export type WalletProblem =
  /** The user declined in the wallet (EIP-1193 4001). `chain` names the network of a switch. */
  | { code: 'declined'; action: WalletAction; chain?: string }
  /** The wallet has not authorised the page (4100). */
  | { code: 'unauthorised' }
  /** The wallet is disconnected from the network (4900, 4901). */
  | { code: 'disconnected' }
  /** The wallet already has a request waiting (-32002). */
  | { code: 'request-pending' }
  /** Anything else the wallet said, as it said it. */
  | { code: 'failed'; action: WalletAction; chain?: string; detail: string }
  /** No wallet of the family the route needs is in the page. */
  | { code: 'no-wallet'; family: 'evm' | 'solana' | 'cosmos'; chain: string }
  /** The wallet is connected with another account than the source address. */
  | { code: 'wrong-account'; seen?: string; account: string }
  /** The wallet does not know the chain (4902). */
  | { code: 'unknown-chain'; chain: string }
  /** The wallet said it switched, but is still on another chain. */
  | { code: 'still-wrong-chain'; chain: string }
  /** The approval was mined and reverted. */
  | { code: 'approval-reverted' }
  /** The approval was not mined in time. */
  | { code: 'approval-slow' };
