/**
 * The page's Cosmos wallets: a Keplr-compatible `window.keplr` or `window.leap` (Keplr's
 * injected API, `@keplr-wallet/types` `keplr.ts`: `enable`, `getKey`, `signAmino`, `sendTx`;
 * Leap follows it). No SDK is bundled. The widget builds the amino sign document from the
 * checked messages and the account's number and sequence (read from the chain's REST
 * endpoint: a wallet does not give them), as the chain rebuilds it from the transaction
 * written (`aminoSignDoc`); the wallet signs it, the widget refuses a signed document the
 * wallet changed, writes the protobuf transaction (`cosmos-tx.ts`) and has the wallet
 * broadcast it. Failures are the EVM wallet's `WalletError` problems.
 */
import { COSMOS_CHAINS } from '../domain/checks/cosmos-msgs.js';
import { U64_MAX, aminoSignDoc, encodeAminoTx, type AminoMsg, type StdSignDoc } from '../domain/chains/cosmos-tx.js';
import type { CosmosPlan } from '../domain/checks/route.js';
import { chainInfo } from '../domain/chains/chains.js';
import type { FamilyWallet } from './family-wallets.js';
import { isCodeFault, WalletError, type WalletAction } from './injected-wallet.js';

/** What the widget calls of a Keplr-compatible wallet. */
export interface KeplrLike {
  enable(chainIds: string | string[]): Promise<void>;
  getKey(chainId: string): Promise<{ name?: string; bech32Address: string; pubKey: Uint8Array }>;
  signAmino(
    chainId: string,
    signer: string,
    signDoc: StdSignDoc,
    options?: { preferNoSetFee?: boolean; preferNoSetMemo?: boolean },
  ): Promise<{ signed: StdSignDoc; signature: { pub_key: { type: string; value: string }; signature: string } }>;
  sendTx?(chainId: string, tx: Uint8Array, mode: 'sync' | 'async' | 'block'): Promise<Uint8Array>;
}

/** The page's globals the wallets inject. */
export type CosmosWindow = { keplr?: KeplrLike; leap?: KeplrLike };

/** The wallets the widget looks for, in this order. */
const WALLETS = [
  { id: 'keplr', name: 'Keplr' },
  { id: 'leap', name: 'Leap' },
] as const;
export type CosmosWalletId = (typeof WALLETS)[number]['id'];

/**
 * Public REST endpoints the account is read from when the host sets none (`cosmos-rest`):
 * Nine Realms' thornode, Maya's own node, and PublicNode's Cosmos Hub and Kujira endpoints.
 */
export const DEFAULT_COSMOS_REST: Readonly<Record<string, string>> = {
  THOR: 'https://thornode.ninerealms.com',
  MAYA: 'https://mayanode.mayachain.info',
  GAIA: 'https://cosmos-rest.publicnode.com',
  KUJI: 'https://kujira-rest.publicnode.com',
};

const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const hex = (b: Uint8Array) =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
/** JSON with keys sorted at every depth: what amino signing reads, whatever order a wallet returns. */
const json = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(json).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${json((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : (JSON.stringify(v) ?? 'null');

/** A wallet's failure as a problem: a refusal by the user is `declined`, an unknown chain `unknown-chain`; a fault in code (`isCodeFault`) as it is. */
function cosmosError(error: unknown, action: WalletAction, chain: string): WalletError | Error {
  if (error instanceof WalletError || isCodeFault(error)) return error;
  const detail = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  if (/reject|denied|declin|cancel/i.test(detail))
    return new WalletError({ code: 'declined', action }, { cause: error });
  if (/chain ?info|unknown chain|not supported/i.test(detail))
    return new WalletError({ code: 'unknown-chain', chain }, { cause: error });
  return new WalletError({ code: 'failed', action, chain, detail }, { cause: error });
}

export class CosmosWallets implements FamilyWallet<CosmosPlan> {
  private connected?: CosmosWalletId;

  constructor(
    private readonly win: CosmosWindow = globalThis as CosmosWindow,
    /** The REST endpoint of a chain (its code): the host's, else the default (the balance reads use it too). */
    readonly rest: (chain: string) => string | undefined = (chain) => DEFAULT_COSMOS_REST[chain],
    private readonly fetcher: typeof fetch = (...args) => fetch(...args),
  ) {}

  /** The Keplr-compatible wallets in the page. */
  list(): readonly { id: CosmosWalletId; name: string }[] {
    return WALLETS.filter((w) => !!this.win[w.id]);
  }

  /** Enables the wallet for the chain (its code, `GAIA`); the account's address. */
  async connect(id: CosmosWalletId, chain: string): Promise<string> {
    const { wallet, chainId, name } = this.wallet(id, chain);
    const key = await this.key(wallet, chainId, name);
    this.connected = id;
    return key.bech32Address;
  }

  disconnect(): void {
    this.connected = undefined;
  }

  /** Signs the checked messages in amino JSON with the wallet that holds the source address, and broadcasts them; the hash. */
  async signAndSend(plan: CosmosPlan): Promise<string> {
    const chain = plan.chain;
    const name = chainInfo(chain)?.name ?? chain;
    const ids = this.list().map((w) => w.id);
    if (!ids.length) throw new WalletError({ code: 'no-wallet', family: 'cosmos', chain: name });
    ids.sort((a, b) => Number(b === this.connected) - Number(a === this.connected));
    const from = plan.tx.from.toLowerCase();
    let seen: string | undefined;
    for (const id of ids) {
      const { wallet, chainId } = this.wallet(id, chain);
      const key = await this.key(wallet, chainId, name);
      seen ??= key.bech32Address;
      if (key.bech32Address.toLowerCase() !== from) continue;
      if (!wallet.sendTx)
        throw new WalletError({
          code: 'failed',
          action: 'swap',
          chain: name,
          detail: 'the wallet cannot broadcast (no sendTx)',
        });

      const account = await this.account(chain, plan.tx.from, name);
      const unwritable = (error: unknown) =>
        new WalletError({
          code: 'failed',
          action: 'swap',
          chain: name,
          detail: `the transaction cannot be written (${error instanceof Error ? error.message : String(error)})`,
        });
      // What is signed is what the chain rebuilds from the transaction written (`aminoSignDoc`):
      // a coin's decimals as a decimal string or not at all, never the route's JSON as it is.
      let doc: StdSignDoc;
      try {
        doc = aminoSignDoc(
          {
            chainId,
            accountNumber: account.number,
            sequence: account.sequence,
            fee: plan.tx.fee as { amount: unknown; gas: unknown },
            msgs: plan.tx.msgs as AminoMsg[],
            memo: plan.tx.memo,
          },
          chain,
        );
      } catch (error) {
        throw unwritable(error);
      }
      // Written once before the wallet is asked: a document that cannot be written is never signed.
      const write = (pubKey: Uint8Array, signature: Uint8Array) => {
        try {
          return encodeAminoTx(doc, pubKey, signature);
        } catch (error) {
          throw unwritable(error);
        }
      };
      write(new Uint8Array(33), new Uint8Array(64));
      let signed: Awaited<ReturnType<KeplrLike['signAmino']>>;
      try {
        signed = await wallet.signAmino(chainId, key.bech32Address, doc, {
          preferNoSetFee: true,
          preferNoSetMemo: true,
        });
      } catch (error) {
        throw cosmosError(error, 'swap', name);
      }
      // A wallet may let its user edit the document: it must return what it signed, and that
      // must be what was checked.
      const s = signed?.signed;
      const sig = signed?.signature;
      if (!sig?.signature)
        throw new WalletError({
          code: 'failed',
          action: 'swap',
          chain: name,
          detail: 'the wallet returned no signature',
        });
      if (
        !s ||
        json([s.chain_id, s.account_number, s.sequence, s.msgs, s.memo, s.fee]) !==
          json([doc.chain_id, doc.account_number, doc.sequence, doc.msgs, doc.memo, doc.fee])
      ) {
        throw new WalletError({
          code: 'failed',
          action: 'swap',
          chain: name,
          detail: 'the wallet signed another transaction than the one checked',
        });
      }
      if (sig.pub_key?.type !== 'tendermint/PubKeySecp256k1')
        throw new WalletError({
          code: 'failed',
          action: 'swap',
          chain: name,
          detail: `unsupported key ${sig.pub_key?.type}`,
        });
      const tx = write(b64(sig.pub_key.value), b64(sig.signature));
      let hash: Uint8Array;
      try {
        hash = await wallet.sendTx(chainId, tx, 'sync');
      } catch (error) {
        throw cosmosError(error, 'swap', name);
      }
      if (!(hash instanceof Uint8Array) || hash.length !== 32)
        throw new WalletError({
          code: 'failed',
          action: 'swap',
          chain: name,
          detail: 'the wallet returned no transaction hash',
        });
      return hex(hash);
    }
    throw new WalletError({ code: 'wrong-account', account: plan.tx.from, ...(seen ? { seen } : {}) });
  }

  private wallet(id: CosmosWalletId, chain: string) {
    const name = chainInfo(chain)?.name ?? chain;
    const wallet = this.win[id];
    const chainId = COSMOS_CHAINS[chain]?.chainId;
    if (!wallet) throw new WalletError({ code: 'no-wallet', family: 'cosmos', chain: name });
    if (!chainId) throw new WalletError({ code: 'unknown-chain', chain: name });
    return { wallet, chainId, name };
  }

  private async key(wallet: KeplrLike, chainId: string, name: string) {
    try {
      await wallet.enable(chainId);
      const key = await wallet.getKey(chainId);
      if (typeof key?.bech32Address !== 'string') throw new Error('the wallet gave no account');
      return key;
    } catch (error) {
      throw cosmosError(error, 'connect', name);
    }
  }

  /** The account's number and sequence, from the chain's REST endpoint (cosmos-sdk `auth` module). */
  private async account(chain: string, address: string, name: string): Promise<{ number: string; sequence: string }> {
    const base = this.rest(chain);
    const failed = (detail: string) => new WalletError({ code: 'failed', action: 'swap', chain: name, detail });
    if (!base) throw failed('no REST endpoint for the chain');
    let body: {
      account?: {
        account_number?: unknown;
        sequence?: unknown;
        base_account?: { account_number?: unknown; sequence?: unknown };
      };
    };
    try {
      const res = await this.fetcher(
        `${base.replace(/\/+$/, '')}/cosmos/auth/v1beta1/accounts/${encodeURIComponent(address)}`,
      );
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = (await res.json()) as typeof body;
    } catch (error) {
      throw failed(`the account could not be read (${error instanceof Error ? error.message : String(error)})`);
    }
    const a = body?.account?.base_account ?? body?.account;
    const digits = /^\d{1,20}$/;
    const u64 = (v: unknown): v is string => typeof v === 'string' && digits.test(v) && BigInt(v) <= U64_MAX;
    if (!u64(a?.account_number) || !u64(a.sequence)) {
      throw failed('the account could not be read');
    }
    return { number: a.account_number, sequence: a.sequence };
  }
}
