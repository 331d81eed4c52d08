/**
 * The local EVM node infrastructure on its own (no widget): the node started by the test server
 * (test/evm/wtr.ts), the ERC-20s it deployed, and the injected wallet backed by it.
 *
 * The node is shared by every test file of the run: this file only sends transactions from
 * accounts 5-8 (funded with ETH, no tokens) and to fresh addresses, leaving the token holders
 * (accounts 0-4) to the widget's tests.
 */
import { expect } from '@open-wc/testing';
import {
  createPublicClient,
  custom,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Address,
  type Hex,
} from 'viem';
import { evmRpc, getEvmInfo, waitForReceipt, type EvmInfo, type RpcTransaction } from '../evm/client.js';
import { installInjectedWallet, ProviderRpcError, type InjectedWallet } from '../evm/injected-wallet.js';

/** A fresh address nobody uses, so tests sharing the node do not see each other's state. */
function freshAddress(): Address {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return getAddress(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
}

async function allowance(token: Address, owner: Address, spender: Address): Promise<bigint> {
  const data = await evmRpc<Hex>('eth_call', [
    { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner, spender] }) },
    'latest',
  ]);
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data });
}

function approveData(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
}

async function rejection(p: Promise<unknown>): Promise<ProviderRpcError> {
  try {
    await p;
  } catch (err) {
    return err as ProviderRpcError;
  }
  throw new Error('expected the request to fail');
}

describe('local EVM node + injected wallet', () => {
  let info: EvmInfo;
  let wallet: InjectedWallet | undefined;

  before(async () => {
    info = await getEvmInfo();
  });

  afterEach(() => {
    wallet?.uninstall();
    wallet = undefined;
  });

  it('serves /__evm/info: chain 1, funded accounts, deployed tokens', async () => {
    expect(info.chainId).to.equal(1);
    expect(info.accounts.length).to.be.greaterThanOrEqual(5);
    expect(await evmRpc('eth_chainId')).to.equal('0x1');
    for (const key of ['erc20', 'usdt'] as const) {
      const token = info.tokens[key];
      expect(token.address).to.match(/^0x[0-9a-fA-F]{40}$/);
      expect(await evmRpc<Hex>('eth_getCode', [token.address, 'latest'])).to.have.length.greaterThan(2);
      const decimals = await evmRpc<Hex>('eth_call', [
        { to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }) },
        'latest',
      ]);
      expect(decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: decimals })).to.equal(
        token.decimals,
      );
      const symbol = await evmRpc<Hex>('eth_call', [
        { to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }) },
        'latest',
      ]);
      expect(decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data: symbol })).to.equal(token.symbol);
    }
    expect(info.tokens.erc20.decimals).to.equal(6);
    // Minted to the holders (balances may since have moved between tests; the supply cannot).
    expect(info.holders).to.deep.equal(info.accounts.slice(0, info.holders.length));
    const supply = await evmRpc<Hex>('eth_call', [
      { to: info.tokens.erc20.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' }) },
      'latest',
    ]);
    expect(decodeFunctionResult({ abi: erc20Abi, functionName: 'totalSupply', data: supply })).to.equal(
      BigInt(info.tokens.erc20.minted) * BigInt(info.holders.length),
    );
    // Accounts without tokens (the ones this file sends from) hold none.
    const balance = await evmRpc<Hex>('eth_call', [
      {
        to: info.tokens.erc20.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [info.accounts[5]!] }),
      },
      'latest',
    ]);
    expect(decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: balance })).to.equal(0n);
  });

  it('announces itself with EIP-6963 and answers eip6963:requestProvider', async () => {
    const seen: { info: { uuid: string; name: string; icon: string; rdns: string }; provider: unknown }[] = [];
    const onAnnounce = (e: Event): void => {
      seen.push((e as CustomEvent).detail);
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    try {
      wallet = installInjectedWallet();
      expect(seen).to.have.length(1);
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      expect(seen).to.have.length(2);
      const detail = seen[1]!;
      expect(detail.provider).to.equal(wallet.provider);
      expect(detail.info.uuid).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(detail.info.name).to.equal('EVM Test Wallet');
      expect(detail.info.icon).to.match(/^data:image\/svg\+xml;base64,/);
      expect(detail.info.rdns).to.equal('test.swap-widget.evm-wallet');
      expect(Object.isFrozen(detail)).to.equal(true);
      expect((window as unknown as { ethereum?: unknown }).ethereum).to.not.equal(wallet.provider);

      wallet.uninstall();
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      expect(seen).to.have.length(2);
      const err = await rejection(wallet.provider.request({ method: 'eth_chainId' }));
      expect(err.code).to.equal(4900);
    } finally {
      window.removeEventListener('eip6963:announceProvider', onAnnounce);
    }
  });

  it('can set window.ethereum, and restores it on uninstall', () => {
    const w = window as unknown as { ethereum?: unknown };
    expect('ethereum' in window).to.equal(false);
    wallet = installInjectedWallet({ setWindowEthereum: true, announce: false });
    expect(w.ethereum).to.equal(wallet.provider);
    wallet.uninstall();
    expect('ethereum' in window).to.equal(false);
  });

  it('mines an ERC-20 approval for the exact amount', async () => {
    wallet = installInjectedWallet({ account: 5 });
    const { provider } = wallet;
    // Like MetaMask, the wallet answers addresses in lower case.
    const [owner] = (await provider.request({ method: 'eth_requestAccounts' })) as Address[];
    expect(owner).to.equal(info.accounts[5]!.toLowerCase());
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([owner]);
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x1');

    const token = info.tokens.erc20.address;
    const spender = freshAddress();
    const amount = 123_456_789n; // 123.456789 with 6 decimals
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: owner, to: token, data: approveData(spender, amount) }],
    })) as Hex;
    expect(hash).to.match(/^0x[0-9a-f]{64}$/);
    const receipt = await waitForReceipt(hash, (args) => provider.request(args));
    expect(receipt.status).to.equal('0x1');
    expect(receipt.to?.toLowerCase()).to.equal(token.toLowerCase());
    expect(receipt.from.toLowerCase()).to.equal(owner!.toLowerCase());
    expect(await allowance(token, owner!, spender)).to.equal(amount);

    // A plain ERC-20 lets a non-zero allowance change to another non-zero value directly.
    const hash2 = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: owner, to: token, data: approveData(spender, 1n) }],
    })) as Hex;
    expect((await waitForReceipt(hash2)).status).to.equal('0x1');
    expect(await allowance(token, owner!, spender)).to.equal(1n);

    expect(wallet.methods()).to.deep.equal([
      'eth_requestAccounts',
      'eth_accounts',
      'eth_chainId',
      'eth_sendTransaction',
      'eth_getTransactionReceipt',
      'eth_sendTransaction',
    ]);
    expect(wallet.requests[3]!.params).to.deep.equal([{ from: owner, to: token, data: approveData(spender, amount) }]);
  });

  it('USDT-style token: refuses non-zero -> non-zero, accepts 0 then the new amount', async () => {
    wallet = installInjectedWallet({ account: 6 });
    const { provider } = wallet;
    const owner = await wallet.account();
    const token = info.tokens.usdt.address;
    const spender = freshAddress();
    const send = async (amount: bigint): Promise<void> => {
      const hash = (await provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: owner, to: token, data: approveData(spender, amount) }],
      })) as Hex;
      expect((await waitForReceipt(hash)).status).to.equal('0x1');
    };

    await send(5_000_000n);
    expect(await allowance(token, owner, spender)).to.equal(5_000_000n);

    // Non-zero -> non-zero: the node refuses it (its gas estimate reverts), nothing is mined.
    const nonce = await evmRpc<Hex>('eth_getTransactionCount', [owner, 'latest']);
    const err = await rejection(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: owner, to: token, data: approveData(spender, 7_000_000n) }],
      }),
    );
    expect(err).to.be.instanceOf(ProviderRpcError);
    expect(err.message).to.contain('USDT: approve from non-zero to non-zero allowance');
    expect(await evmRpc('eth_getTransactionCount', [owner, 'latest'])).to.equal(nonce);
    expect(await allowance(token, owner, spender)).to.equal(5_000_000n);

    // With an explicit gas limit (no estimate) it is mined, as reverted, and changes nothing.
    const forced = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: owner, to: token, data: approveData(spender, 7_000_000n), gas: '0x30d40' }],
    })) as Hex;
    expect((await waitForReceipt(forced)).status).to.equal('0x0');
    expect(await allowance(token, owner, spender)).to.equal(5_000_000n);

    await send(0n);
    expect(await allowance(token, owner, spender)).to.equal(0n);
    await send(7_000_000n);
    expect(await allowance(token, owner, spender)).to.equal(7_000_000n);
  });

  it('mines a plain transaction with exactly the given to, value and data', async () => {
    wallet = installInjectedWallet({ account: 7 });
    const { provider } = wallet;
    const from = await wallet.account();
    const to = freshAddress();
    const value = 1_234_567_890_123_456n;
    const data: Hex = '0xdeadbeef00000000000000000000000000000000000000000000000000000000000000ff';
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: `0x${value.toString(16)}`, data }],
    })) as Hex;
    const receipt = await waitForReceipt(hash, (args) => provider.request(args));
    expect(receipt.status).to.equal('0x1');

    const tx = (await provider.request({ method: 'eth_getTransactionByHash', params: [hash] })) as RpcTransaction;
    expect(getAddress(tx.to!)).to.equal(to);
    expect(tx.from).to.equal(from);
    expect(BigInt(tx.value)).to.equal(value);
    expect(tx.input).to.equal(data);
    expect(tx.chainId).to.equal('0x1');
    expect(BigInt(await evmRpc<Hex>('eth_getBalance', [to, 'latest']))).to.equal(value);
  });

  it('tracks its chain: switching to 0x89 fails with 4902, to the node chain succeeds', async () => {
    wallet = installInjectedWallet();
    const { provider } = wallet;
    const err = await rejection(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }),
    );
    expect(err.code).to.equal(4902);
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x1');
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).to.equal(
      null,
    );

    // A transaction for another chain than the wallet's is refused.
    const account = await wallet.account();
    const wrong = await rejection(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: account, to: freshAddress(), chainId: '0x89' }],
      }),
    );
    expect(wrong.code).to.equal(-32602);
  });

  it('starts on another chain if told to, refuses chain reads there, and switches to the node chain', async () => {
    wallet = installInjectedWallet({ chainId: 137 });
    const { provider } = wallet;
    const changes: unknown[] = [];
    const onChain = (id: unknown): void => {
      changes.push(id);
    };
    provider.on('chainChanged', onChain);
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x89');
    const account = await wallet.account();
    const offChain = await rejection(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: account, to: freshAddress() }] }),
    );
    expect(offChain.code).to.equal(4901);
    expect((await rejection(provider.request({ method: 'eth_blockNumber' }))).code).to.equal(4901);

    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).to.equal(
      null,
    );
    expect(changes).to.deep.equal(['0x1']);
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x1');
    expect(await provider.request({ method: 'eth_blockNumber' })).to.match(/^0x[0-9a-f]+$/);
    // Back to the chain it started on (known), then removing the listener stops events.
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] });
    provider.removeListener('chainChanged', onChain);
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    expect(changes).to.deep.equal(['0x1', '0x89']);
  });

  it('surfaces a user rejection as an error with code 4001, and nothing is sent', async () => {
    wallet = installInjectedWallet({ account: 8, rejectNext: true });
    const { provider } = wallet;
    const from = await wallet.account();
    const nonce = await evmRpc<Hex>('eth_getTransactionCount', [from, 'latest']);
    // Reads are not prompts: the pending rejection waits for the transaction.
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x1');
    const err = await rejection(
      provider.request({ method: 'eth_sendTransaction', params: [{ from, to: freshAddress(), value: '0x1' }] }),
    );
    expect(err).to.be.instanceOf(ProviderRpcError);
    expect(err.code).to.equal(4001);
    expect(wallet.requests.at(-1)).to.include({ method: 'eth_sendTransaction', rejected: true });
    expect(await evmRpc('eth_getTransactionCount', [from, 'latest'])).to.equal(nonce);

    // Only the next one: the retry goes through.
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to: freshAddress(), value: '0x1' }],
    })) as Hex;
    expect((await waitForReceipt(hash)).status).to.equal('0x1');

    // By method name, and for connecting.
    wallet.rejectNext('wallet_switchEthereumChain');
    expect(
      (await rejection(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))).code,
    ).to.equal(4001);
  });

  it('works as a viem `custom` transport (reads through the wallet, errors mapped by code)', async () => {
    wallet = installInjectedWallet({ account: 1 });
    const client = createPublicClient({ transport: custom(wallet.provider) });
    expect(await client.getChainId()).to.equal(1);
    const supply = await client.readContract({
      address: info.tokens.usdt.address,
      abi: erc20Abi,
      functionName: 'totalSupply',
    });
    expect(supply).to.equal(BigInt(info.tokens.usdt.minted) * BigInt(info.holders.length));
    wallet.rejectNext();
    const err = (await client
      .request({
        method: 'eth_sendTransaction' as never,
        params: [{ from: await wallet.account(), to: freshAddress() }] as never,
      })
      .catch((e: unknown) => e)) as { name: string; code: number };
    expect(err.name).to.equal('UserRejectedRequestError');
    expect(err.code).to.equal(4001);
  });

  it('behaves like a not-yet-connected wallet with connected: false', async () => {
    wallet = installInjectedWallet({ connected: false, rejectNext: 'eth_requestAccounts' });
    const [a0, a1] = info.accounts.map((a) => a.toLowerCase());
    const { provider } = wallet;
    const accountsChanged: unknown[] = [];
    provider.on('accountsChanged', (a: unknown) => accountsChanged.push(a));
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([]);
    const unauthorized = await rejection(
      provider.request({ method: 'eth_sendTransaction', params: [{ to: freshAddress(), value: '0x1' }] }),
    );
    expect(unauthorized.code).to.equal(4100);
    expect((await rejection(provider.request({ method: 'eth_requestAccounts' }))).code).to.equal(4001);
    expect(await provider.request({ method: 'eth_requestAccounts' })).to.deep.equal([a0]);
    expect(accountsChanged).to.deep.equal([[a0]]);
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([a0]);
    await wallet.switchAccount(1);
    expect(accountsChanged).to.deep.equal([[a0], [a1]]);
    wallet.disconnect();
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([]);
  });
});
