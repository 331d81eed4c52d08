// The same widget, built the way a hurried integration would: the whole viem wallet client
// (every public and wallet action bound to it, so nothing can be dropped) and classic `zod`
// in place of `zod/mini` (see ../rollup.config.js). Only the bundle size is compared; the
// widget itself is unchanged.
// tsc's output (npm run build writes lib/ first), the one-file build's entry.
import '../../lib/first.js';
import { createWalletClient, custom, publicActions, walletActions } from 'viem';

const provider = { request: (args) => globalThis.ethereum?.request(args) };
const wallet = createWalletClient({ transport: custom(provider) })
  .extend(publicActions)
  .extend(walletActions);
// Reachable from the page, so the client and every action it carries stay in the bundle.
globalThis.__swapWidgetWallet = wallet;
