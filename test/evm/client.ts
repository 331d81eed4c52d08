/**
 * Browser-side helpers for the local EVM node that the test server exposes on its own origin
 * (see ./wtr.ts): `/__evm/info` and `/__evm/rpc`. No Node imports: this runs in the browser.
 */
import type { Address, Hex } from 'viem';

export interface EvmTokenInfo {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  /** Balance minted to each of the first accounts, in base units (decimal string). */
  minted: string;
}

/** What GET /__evm/info answers. */
export interface EvmInfo {
  chainId: number;
  /** Same-origin JSON-RPC endpoint (proxied to the node). */
  rpcUrl: string;
  /** Unlocked, funded accounts (checksummed). The first ones hold the tokens. */
  accounts: Address[];
  /** Account that deployed the tokens (the last one); better not used by tests. */
  deployer: Address;
  /** The first accounts, minted each token's `minted` balance at deployment. */
  holders: Address[];
  tokens: { erc20: EvmTokenInfo; usdt: EvmTokenInfo } & Record<string, EvmTokenInfo>;
}

export const EVM_RPC_URL = '/__evm/rpc';
export const EVM_INFO_URL = '/__evm/info';

let info: Promise<EvmInfo> | undefined;
/** GET /__evm/info (cached per page: the node and its tokens live for the whole test run). */
export function getEvmInfo(): Promise<EvmInfo> {
  info ??= fetch(EVM_INFO_URL).then(async (res) => {
    if (!res.ok) {
      info = undefined;
      throw new Error(`${EVM_INFO_URL} answered ${res.status}: ${await res.text()}`);
    }
    return (await res.json()) as EvmInfo;
  });
  return info;
}

/** A JSON-RPC error answered by the node, with its `code` and `data`. */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

let id = 0;
/** A JSON-RPC call straight to the node (no wallet in between), e.g. to check state in tests. */
export async function evmRpc<T = unknown>(method: string, params: unknown[] = [], rpcUrl = EVM_RPC_URL): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
  });
  const text = await res.text();
  let body: { result?: T; error?: { code: number; message: string; data?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new RpcError(`${rpcUrl} answered ${res.status}: ${text.slice(0, 200)}`, -32603);
  }
  if (body.error) throw new RpcError(body.error.message, body.error.code, body.error.data);
  if (!res.ok) throw new RpcError(`${rpcUrl} answered ${res.status}: ${text.slice(0, 200)}`, -32603);
  return body.result as T;
}

export interface RpcReceipt {
  transactionHash: Hex;
  status: Hex;
  blockNumber: Hex;
  from: Address;
  to: Address | null;
  contractAddress: Address | null;
  gasUsed: Hex;
  logs: { address: Address; topics: Hex[]; data: Hex }[];
}

export interface RpcTransaction {
  hash: Hex;
  from: Address;
  to: Address | null;
  value: Hex;
  input: Hex;
  nonce: Hex;
  gas: Hex;
  chainId?: Hex;
  blockNumber: Hex | null;
}

/**
 * Polls `eth_getTransactionReceipt` until the transaction is mined (the node mines instantly, so
 * this normally answers at once). `request` defaults to the node; pass a wallet's
 * `provider.request` to go through it.
 */
export async function waitForReceipt(
  hash: Hex,
  request: (args: { method: string; params?: unknown[] }) => Promise<unknown> = ({ method, params }) =>
    evmRpc(method, params),
  timeoutMs = 10_000,
): Promise<RpcReceipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = (await request({ method: 'eth_getTransactionReceipt', params: [hash] })) as RpcReceipt | null;
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`transaction ${hash} not mined after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
