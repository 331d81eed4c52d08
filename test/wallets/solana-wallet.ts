/**
 * A Solana test wallet for the page: a Wallet Standard wallet (registered the way wallets
 * register, with the `wallet-standard:register-wallet` / `wallet-standard:app-ready` events)
 * holding a real Ed25519 key. `solana:signAndSendTransaction` decodes the transaction it is
 * given with @solana/kit, signs its real message bytes with kit's `signTransaction`, checks
 * the signature, records what it signed and answers with the signature (there is no network:
 * "sent" is recorded). Behaviours for the bad paths: it rejects, returns no signature, or is on
 * another network.
 */
import {
  createKeyPairFromPrivateKeyBytes,
  getAddressFromPublicKey,
  getSignatureFromTransaction,
  getTransactionDecoder,
  signTransaction,
  verifySignature,
  type SignatureBytes,
} from '@solana/kit';

export type SolanaWalletBehaviour = 'sign' | 'reject' | 'no-signature' | 'devnet';

export interface SolanaTestWallet {
  readonly name: string;
  readonly address: string;
  /** Every transaction it signed: the bytes it was given and the signature (base58). */
  readonly signed: { transaction: Uint8Array; signature: string; chain: string }[];
  behaviour: SolanaWalletBehaviour;
  /** The Wallet Standard wallet object (what a registry holds). */
  readonly wallet: object;
  unregister(): void;
}

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><rect width="20" height="20" rx="4" fill="#7b61ff"/></svg>',
  );

/** Registers a Wallet Standard wallet with the page's app, now or when the app says it is ready. */
function registerWallet(wallet: object): () => void {
  let unregister = () => {};
  const callback = ({ register }: { register: (w: object) => () => void }) => {
    unregister = register(wallet);
  };
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
  const onReady = (e: Event) => callback((e as CustomEvent).detail);
  window.addEventListener('wallet-standard:app-ready', onReady);
  return () => {
    window.removeEventListener('wallet-standard:app-ready', onReady);
    unregister();
  };
}

type Options = {
  name?: string;
  seed?: Uint8Array;
  behaviour?: SolanaWalletBehaviour;
  versions?: readonly ('legacy' | 0)[];
};

/** Creates the wallet (from a 32-byte seed, random by default) and registers it with the page. */
export async function injectSolanaTestWallet(options: Options = {}): Promise<SolanaTestWallet> {
  const w = await createSolanaTestWallet(options);
  const unregister = registerWallet(w.wallet);
  return Object.defineProperty(w, 'unregister', { value: unregister });
}

/** Creates the wallet without registering it anywhere (for a registry of the test's own). */
export async function createSolanaTestWallet(options: Options = {}): Promise<SolanaTestWallet> {
  const seed = options.seed ?? crypto.getRandomValues(new Uint8Array(32));
  const keyPair = await createKeyPairFromPrivateKeyBytes(seed);
  const address = await getAddressFromPublicKey(keyPair.publicKey);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey));
  const name = options.name ?? 'Test Solana Wallet';
  const signed: SolanaTestWallet['signed'] = [];
  const state = { behaviour: options.behaviour ?? ('sign' as SolanaWalletBehaviour) };
  const chains = () => [state.behaviour === 'devnet' ? 'solana:devnet' : 'solana:mainnet'];
  const account = () => ({
    address,
    publicKey,
    chains: chains(),
    features: ['solana:signAndSendTransaction'],
    label: name,
  });
  let accounts: ReturnType<typeof account>[] = [];

  async function signAndSendTransaction(
    ...inputs: { account: { address: string }; transaction: Uint8Array; chain: string }[]
  ) {
    const out: { signature?: Uint8Array }[] = [];
    for (const input of inputs) {
      if (state.behaviour === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      if (input.account.address !== address) throw new Error('unknown account');
      if (!chains().includes(input.chain)) throw new Error(`wrong chain ${input.chain}`);
      const transaction = getTransactionDecoder().decode(input.transaction);
      if (!(address in transaction.signatures)) throw new Error('this wallet is not a signer of the transaction');
      const signedTx = await signTransaction([keyPair], transaction);
      const bytes = signedTx.signatures[address as keyof typeof signedTx.signatures] as SignatureBytes;
      if (!(await verifySignature(keyPair.publicKey, bytes, transaction.messageBytes)))
        throw new Error('bad signature');
      signed.push({
        transaction: input.transaction,
        signature: getSignatureFromTransaction(signedTx),
        chain: input.chain,
      });
      out.push(state.behaviour === 'no-signature' ? {} : { signature: new Uint8Array(bytes) });
    }
    return out;
  }

  const wallet = {
    version: '1.0.0',
    name,
    icon: ICON,
    get chains() {
      return chains();
    },
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          if (state.behaviour === 'reject')
            throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          accounts = [account()];
          return { accounts };
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => void (accounts = []) },
      'standard:events': { version: '1.0.0', on: () => () => {} },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: options.versions ?? (['legacy', 0] as const),
        signAndSendTransaction,
      },
    },
  };
  return {
    wallet,
    name,
    address,
    signed,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(b: SolanaWalletBehaviour) {
      state.behaviour = b;
    },
    unregister: () => {},
  };
}
