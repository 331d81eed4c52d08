/**
 * A real local EVM JSON-RPC node for tests: ganache 7 (the `ganache` npm package) run in this Node
 * process, listening over HTTP on 127.0.0.1 on a free port. Chain id 1 (it stands in for Ethereum
 * mainnet), a deterministic mnemonic with funded, unlocked accounts, instant ("eager") mining, so a
 * transaction's receipt exists by the time `eth_sendTransaction` answers.
 *
 * `startEvmNode()` also compiles test/evm/contracts/ with solc-js and deploys the test tokens
 * (a plain ERC-20 and a USDT-style one) from the last account, minting to the first accounts.
 * Everything (addresses included) is deterministic: same mnemonic, same deployer nonces.
 *
 * Node-only code (used by web-test-runner.config.js through ./wtr.ts and by Node tests).
 */
import { fileURLToPath } from 'node:url';
import ganache from 'ganache';
import { encodeDeployData, getAddress, type Address, type Hex } from 'viem';
import { contract } from './compile.js';

/** Hardhat/Anvil's well-known test mnemonic; account 0 is 0xf39F…2266. Never use it for real funds. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
export const CHAIN_ID = 1;

export interface TokenSpec {
  /** Contract in test/evm/contracts/ (`TestERC20` or `TestUSDT`). */
  contract: string;
  name: string;
  symbol: string;
  decimals: number;
}

export interface DeployedToken {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  /** Balance minted to each of the first `holders` accounts, in base units (decimal string). */
  minted: string;
}

export interface EvmNodeOptions {
  /** Accounts derived from the mnemonic (default 10). The last one deploys the tokens. */
  totalAccounts?: number;
  /** How many of the first accounts get a token balance (default 5). */
  holders?: number;
  /** Whole tokens minted to each holder (default 1,000,000). */
  mintEach?: bigint;
  /** ETH per account (default 1000). */
  etherEach?: number;
  /** Tokens to deploy, by key (default `erc20`: USDC-like, `usdt`: USDT-like, both 6 decimals). */
  tokens?: Record<string, TokenSpec>;
  /** Log every JSON-RPC call the node receives (ganache's own logger). Default false. */
  verbose?: boolean;
}

export interface EvmNode {
  /** http://127.0.0.1:<port> — the node's JSON-RPC endpoint. */
  url: string;
  chainId: number;
  /** Unlocked, funded accounts (checksummed), in mnemonic order. */
  accounts: Address[];
  /** Account that deployed the tokens (the last one). */
  deployer: Address;
  /** The first accounts, which were minted each token's `minted` balance. */
  holders: Address[];
  /** Deployed tokens by key (`erc20`, `usdt` by default). */
  tokens: Record<string, DeployedToken>;
  /** JSON-RPC call to the node (throws an Error with `code`/`data` on a JSON-RPC error). */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Startup time in ms (node + compile + deploy). */
  startupMs: number;
  stop(): Promise<void>;
}

export const DEFAULT_TOKENS: Record<string, TokenSpec> = {
  erc20: { contract: 'TestERC20', name: 'Test USD Coin', symbol: 'USDC', decimals: 6 },
  usdt: { contract: 'TestUSDT', name: 'Test Tether USD', symbol: 'USDT', decimals: 6 },
};

export class JsonRpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

let rpcId = 0;
export async function jsonRpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
  if (body.error) throw new JsonRpcError(body.error.message, body.error.code, body.error.data);
  return body.result as T;
}

/** Starts ganache on 127.0.0.1:<free port> and deploys the test tokens. */
export async function startEvmNode(options: EvmNodeOptions = {}): Promise<EvmNode> {
  const t0 = performance.now();
  const totalAccounts = options.totalAccounts ?? 10;
  const holders = Math.min(options.holders ?? 5, totalAccounts - 1);
  const mintEach = options.mintEach ?? 1_000_000n;
  const tokenSpecs = options.tokens ?? DEFAULT_TOKENS;

  const server = ganache.server({
    chain: { chainId: CHAIN_ID, networkId: CHAIN_ID, hardfork: 'shanghai' },
    wallet: {
      mnemonic: TEST_MNEMONIC,
      totalAccounts,
      defaultBalance: options.etherEach ?? 1000,
    },
    // Instant mining: each transaction is mined in its own block before eth_sendTransaction answers.
    // Without a `gas` field, transactions get an estimated limit (not ganache's default 90 000),
    // like a wallet does; a transaction that would revert is then refused by the estimate.
    miner: { instamine: 'eager', blockTime: 0, defaultTransactionGasLimit: 'estimate' },
    logging: { quiet: !options.verbose, verbose: false },
  });
  await server.listen(0, '127.0.0.1');
  const address = server.address();
  const url = `http://127.0.0.1:${address.port}`;

  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await server.close();
  };

  try {
    const rpc = <T = unknown>(method: string, params: unknown[] = []): Promise<T> => jsonRpc<T>(url, method, params);
    const accounts = (await rpc<string[]>('eth_accounts')).map((a) => getAddress(a));
    const deployer = accounts[accounts.length - 1]!;
    const holderAccounts = accounts.slice(0, holders);

    const tokens: Record<string, DeployedToken> = {};
    // Deploy one after the other so that nonces (hence addresses) are deterministic.
    for (const [key, spec] of Object.entries(tokenSpecs)) {
      const { abi, bytecode } = contract(spec.contract);
      const minted = mintEach * 10n ** BigInt(spec.decimals);
      const data = encodeDeployData({
        abi,
        bytecode,
        args: [spec.name, spec.symbol, spec.decimals, holderAccounts, minted],
      });
      const hash = await rpc<Hex>('eth_sendTransaction', [{ from: deployer, data }]);
      const receipt = await rpc<{ status: Hex; contractAddress: Address | null } | null>('eth_getTransactionReceipt', [
        hash,
      ]);
      if (!receipt || receipt.status !== '0x1' || !receipt.contractAddress) {
        throw new Error(`deploying ${key} (${spec.contract}) failed: ${JSON.stringify(receipt)}`);
      }
      tokens[key] = {
        address: getAddress(receipt.contractAddress),
        name: spec.name,
        symbol: spec.symbol,
        decimals: spec.decimals,
        minted: minted.toString(),
      };
    }

    return {
      url,
      chainId: CHAIN_ID,
      accounts,
      deployer,
      holders: holderAccounts,
      tokens,
      rpc,
      startupMs: Math.round(performance.now() - t0),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

// `node --import tsx test/evm/node.ts`: start, print the info, stop (a quick smoke test).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const node = await startEvmNode();
  console.log(
    JSON.stringify({ url: node.url, startupMs: node.startupMs, accounts: node.accounts, tokens: node.tokens }, null, 2),
  );
  await node.stop();
}
