/**
 * The playground's test wallets (`npm start`, then open the page with `?test-wallets`): a
 * Wallet Standard Solana wallet and a Keplr-compatible Cosmos wallet at `window.keplr`, each
 * with a random key for the page's life. They sign for real; "sending" is recorded, since the
 * reference service's chains are simulated. `window.testWallets` holds them for the console.
 */
import { createKeplrTestWallet } from './keplr-wallet.js';
import { injectSolanaTestWallet } from './solana-wallet.js';

const solana = await injectSolanaTestWallet({ name: 'Test Solana Wallet' });
const keplr = createKeplrTestWallet({ name: 'Test Keplr' });
Object.assign(window, { keplr: keplr.api, testWallets: { solana, keplr } });
// Widgets already on the page look for the Keplr-style wallet again.
for (const el of document.querySelectorAll('swap-widget'))
  (el as HTMLElement & { requestUpdate(): void }).requestUpdate();
