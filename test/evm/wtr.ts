/**
 * Glue between the local EVM node (./node.ts) and @web/test-runner: a plugin that starts the node
 * (and deploys the test tokens) when the test server starts and stops it when the server stops, and
 * a middleware that exposes it on the test server's own origin:
 *
 *   POST /__evm/rpc   JSON-RPC (single or batch), proxied as is to the node; JSON in, JSON out.
 *   GET  /__evm/info  { chainId, rpcUrl, accounts, deployer, holders, tokens: { erc20: {address,
 *                     decimals, symbol, name, minted}, usdt: {...} } } (see `EvmInfo` in ./client.ts).
 *
 * Requests that arrive while the node is still starting wait for it. If it failed to start, both
 * answer 503 with the error, so only the tests that use the node fail (with that message).
 *
 * Used by web-test-runner.config.js:  const evm = evmNodeForWtr();  plugins: [..., evm.plugin],
 * middleware: [evm.middleware, ...].
 */
import type { IncomingMessage } from 'node:http';
import type { TestRunnerConfig, TestRunnerPlugin } from '@web/test-runner';
import { startEvmNode, type EvmNode, type EvmNodeOptions } from './node.js';
import type { EvmInfo } from './client.js';

type Middleware = NonNullable<TestRunnerConfig['middleware']>[number];

export const EVM_RPC_PATH = '/__evm/rpc';
export const EVM_INFO_PATH = '/__evm/info';

export interface EvmNodeForWtr {
  plugin: TestRunnerPlugin;
  middleware: Middleware;
  /** The running node (after serverStart), for config-level use. */
  node(): Promise<EvmNode>;
}

function readBody(req: IncomingMessage, limit = 5 * 1024 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function evmNodeForWtr(options: EvmNodeOptions = {}): EvmNodeForWtr {
  let starting: Promise<EvmNode> | undefined;
  const start = (): Promise<EvmNode> => {
    starting ??= startEvmNode(options).then(
      (node) => {
        console.log(
          `[evm] ganache on ${node.url} (chain ${node.chainId}), tokens deployed, ready in ${node.startupMs} ms`,
        );
        return node;
      },
      (err: unknown) => {
        console.error('[evm] the local EVM node failed to start:', err);
        throw err;
      },
    );
    return starting;
  };

  const plugin: TestRunnerPlugin = {
    name: 'evm-node',
    async serverStart() {
      // Do not fail the whole test run if the node cannot start: /__evm/* then answer 503.
      await start().catch(() => undefined);
    },
    async serverStop() {
      const node = await starting?.catch(() => undefined);
      starting = undefined;
      await node?.stop();
    },
  };

  const middleware: Middleware = async (ctx, next) => {
    if (ctx.path !== EVM_RPC_PATH && ctx.path !== EVM_INFO_PATH) return next();
    ctx.set('cache-control', 'no-store');
    let node: EvmNode;
    try {
      node = await start();
    } catch (err) {
      ctx.status = 503;
      ctx.body = { error: `local EVM node not available: ${String(err)}` };
      return;
    }

    if (ctx.path === EVM_INFO_PATH) {
      if (ctx.method !== 'GET') {
        ctx.status = 405;
        return;
      }
      const info: EvmInfo = {
        chainId: node.chainId,
        rpcUrl: EVM_RPC_PATH,
        accounts: node.accounts,
        deployer: node.deployer,
        holders: node.holders,
        tokens: node.tokens as EvmInfo['tokens'],
      };
      ctx.body = info;
      return;
    }

    if (ctx.method !== 'POST') {
      ctx.status = 405;
      return;
    }
    const body = await readBody(ctx.req);
    try {
      JSON.parse(body);
    } catch {
      ctx.status = 400;
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
      return;
    }
    try {
      const res = await fetch(node.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      ctx.status = res.status;
      ctx.type = 'application/json';
      ctx.body = await res.text();
    } catch (err) {
      ctx.status = 502;
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: -32603, message: `EVM node unreachable: ${String(err)}` } };
    }
  };

  return { plugin, middleware, node: start };
}
