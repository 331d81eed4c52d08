/**
 * The hostile-service harness for Node: the in-process reference service behind the tamper
 * proxy on one real HTTP server, the real `SwapApiClient` pointed at `/__tamper/<name>`, the
 * real checks, and the real `SwapFlow` on a minimal host (an EventTarget with
 * `addController`/`requestUpdate`) that records what it dispatches. The host signs: it
 * cancels every hand-out, and answers an approval with `approved()`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createReferenceService } from '../../../demo/server/service.js';
import { SwapApiClient } from '../../../src/api/client.js';
import { inboundSource } from '../../../src/api/inbound-client.js';
import type { Review, ReviewWarning } from '../../../src/domain/flow/review.js';
import { swap } from '../../support/execution-rig.js';
import type { QuoteRequest } from '../../../src/schemas/service.js';
import { SwapFlow, type ExecutionState, type Selection } from '../../../src/session/swap-flow.js';
import { InjectedWallet, type Eip1193Provider } from '../../../src/wallet/injected-wallet.js';
import { TrustedDecimals } from '../../../src/domain/checks/decimals.js';
import { decimalsReader } from '../../../src/wallet/decimals-reads.js';
import { executionProblemCode, executionProblemText } from '../../../src/components/messages.js';
import type { Refusal } from '../../../src/domain/checks/refusals.js';
import { priceBook, rankRoutes } from '../../../src/domain/quotes/routes.js';
import type { SwapErrorCode, SwapMemoDetail, SwapTxDetail } from '../../../src/events.js';
/** The hostile scenarios sell on EVM chains only. */
type EvmTxDetail = Extract<SwapTxDetail, { family: 'evm' }>;
import {
  scenarioRequest,
  SCENARIOS,
  TAMPERINGS,
  type Scenario,
  type ScenarioName,
} from '../../support/hostile-cases.js';
import { poolReader } from '../../../src/wallet/pool-reads.js';
import { tamperMiddleware } from '../../support/tamper.js';
import { CLIENT_TIMEOUT_MS } from '../reference/helpers.js';

export interface HostileServer {
  readonly url: string;
  close(): Promise<void>;
}

/** The reference service and the tamper proxy on one server (the proxy forwards to the same origin). */
export async function startHostileServer(): Promise<HostileServer> {
  const service = createReferenceService();
  let origin = '';
  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        if (await tamperMiddleware(req, res, origin)) return;
        if (await service.handle(req, res)) return;
        res.writeHead(404).end();
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    })();
  });
  // The server never closes an idle connection itself (its client does, or `close()`): no request
  // meets a socket being closed under it, fetch's ECONNRESET near the keep-alive expiry
  // (nodejs/undici#3141), which a loaded machine, stalling this process, makes likely.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `fetch` for the nodes' lists, aborted by a cancellation but not by a time limit: a node's own
 * (`INBOUND_TIMEOUT_MS`, 5 s) is the widget's answer to a node that does not answer, while here
 * the node is this process, slow only when the machine is. A hung read ends with the test file.
 */
const fetchWithoutTimeouts: typeof fetch = (input, init) => {
  const outer = init?.signal;
  if (!outer) return fetch(input, init);
  const inner = new AbortController();
  const onAbort = () => {
    if (!(outer.reason instanceof DOMException && outer.reason.name === 'TimeoutError')) inner.abort(outer.reason);
  };
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort, { once: true });
  return fetch(input, { ...init, signal: inner.signal });
};

class Host extends EventTarget implements ReactiveControllerHost {
  readonly controllers: ReactiveController[] = [];
  updates = 0;
  readonly updateComplete = Promise.resolve(true);
  addController(c: ReactiveController): void {
    this.controllers.push(c);
  }
  removeController(c: ReactiveController): void {
    this.controllers.splice(this.controllers.indexOf(c), 1);
  }
  requestUpdate(): void {
    this.updates += 1;
  }
}

export interface Outcome {
  readonly request: QuoteRequest;
  readonly selection: Selection;
  readonly txs: EvmTxDetail[];
  readonly memos: SwapMemoDetail[];
  readonly errors: { code: SwapErrorCode; message: string; refusal?: Refusal }[];
  readonly state: ExecutionState;
  /** The refusal the controller keeps in its state, if any. */
  readonly refusal?: Refusal;
  /** JSON-RPC methods the wallet was asked for (only with `wallet`). */
  readonly walletCalls: string[];
  /** The review the user was shown before anything was handed out (none when the run stopped before it). */
  readonly review?: Review;
  /** The review's warnings the user had to confirm by ticking its box, when there were any. */
  readonly risk?: readonly ReviewWarning[];
}

export interface RunOptions {
  /** Don't cancel hand-outs: the injected wallet (this provider) signs, and token decimals no one else gives are read through it. */
  wallet?: Eip1193Provider;
  /**
   * What the user answers at a review that asks them to confirm a risk (an address the widget
   * could not verify, an extreme slippage): tick the box and confirm (the run goes on), or
   * cancel (the default: nothing is handed out). A review without such a risk is confirmed.
   */
  acceptRisk?: boolean;
}

/**
 * Quotes the scenario through `/__tamper/<name>` (`honest` for none), selects the scenario's
 * route and presses Swap on it, as the widget does; returns everything that happened.
 */
export async function quoteScenario(server: HostileServer, name: string, scenarioName: ScenarioName) {
  const scenario = SCENARIOS[scenarioName];
  const client = new SwapApiClient({
    baseUrl: `${server.url}/__tamper/${name}`,
    apiKey: `hostile-${name}`,
    timeoutMs: CLIENT_TIMEOUT_MS,
  });
  const request = scenarioRequest(scenario) as QuoteRequest;
  await askShapes(server, `hostile-${name}`, scenario);
  const { tokens } = await client.tokens();
  const listed = new Map(tokens.map((t) => [t.asset.toUpperCase(), t.decimals]));
  const result = await client.quote(request);
  const entries = rankRoutes(result.routes, result.routeIndexes, priceBook(undefined));
  const entry = entries.find((e) => e.route.providers.join('->') === scenario.providers);
  if (!entry) throw new Error(`the service offered no ${scenario.providers} route for ${scenarioName}`);
  const selection: Selection = { quoteId: result.quoteId, entry, request, receivedAt: Date.now() };
  return { scenario, client, listed, selection };
}

export { Host };

/**
 * The protocols' nodes as the widget reads them, behind the tamper proxy (a case may alter what
 * they list, or turn them off as a host would). A node the proxy marks late answered past the
 * widget's limit: the reader's clock is moved by that much, rather than the test waiting for it.
 */
export function hostileNodes(server: HostileServer, name: string) {
  const off = TAMPERINGS[name]?.nodesOff ?? [];
  const url = `${server.url}/__tamper/${name}`;
  let skew = 0;
  return inboundSource({
    urls: { A: off.includes('thorchain') ? 'off' : url, C: off.includes('mayachain') ? 'off' : url },
    now: () => Date.now() + skew,
    fetch: async (input, init) => {
      // The node is this process, slow only when the machine is: its lateness is the proxy's mark.
      const response = await fetchWithoutTimeouts(input, {
        ...init,
        headers: { ...init?.headers, 'x-tamper-clock': '1' },
      });
      skew += Number(response.headers.get('x-tamper-late') ?? 0);
      return response;
    },
  });
}

/**
 * Asks the scope for the route shapes the scenario needs (a Vault call, an unoswap) and no
 * others, as a test asks the reference service: a scope (an API key) serves several scenarios.
 */
async function askShapes(server: HostileServer, scope: string, scenario: Scenario): Promise<void> {
  const { vaultSwaps = false, unoswap = false } = scenario.control ?? {};
  const res = await fetch(`${server.url}/__ref/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scope, vaultSwaps, unoswap }),
  });
  if (!res.ok) throw new Error(`control: ${res.status}`);
}

export async function runCase(
  server: HostileServer,
  name: string,
  scenarioName: ScenarioName,
  options: RunOptions = {},
): Promise<Outcome> {
  const scenario = SCENARIOS[scenarioName];
  const client = new SwapApiClient({
    baseUrl: `${server.url}/__tamper/${name}`,
    apiKey: `hostile-${name}`,
    timeoutMs: CLIENT_TIMEOUT_MS,
  });
  const request = scenarioRequest(scenario) as QuoteRequest;
  await askShapes(server, `hostile-${name}`, scenario);
  const { tokens } = await client.tokens();
  const listed = new Map(tokens.map((t) => [t.asset.toUpperCase(), t.decimals]));
  // A tampering may rename the route's providers, as the real service names them.
  const providers = TAMPERINGS[name]?.providersAs ?? scenario.providers;
  const quote = async (): Promise<Selection | undefined> => {
    const result = await client.quote(request);
    const entries = rankRoutes(result.routes, result.routeIndexes, priceBook(undefined));
    const entry = entries.find((e) => e.route.providers.join('->') === providers);
    return entry && { quoteId: result.quoteId, entry, request, receivedAt: Date.now() };
  };
  const selection = await quote();
  if (!selection) throw new Error(`the service offered no ${providers} route for ${scenarioName}`);
  const nodes = hostileNodes(server, name);

  let review: Review | undefined;
  let risk: readonly ReviewWarning[] | undefined;
  let controllerRef: SwapFlow | undefined;
  const host = new Host();
  // The user reads the review as soon as it is shown: confirms it, ticking its box or cancelling when it asks.
  host.requestUpdate = () => {
    host.updates += 1;
    const state = controllerRef?.state;
    if (state?.phase !== 'reviewing' || review === state.review) return;
    review = state.review;
    if (state.consent.length) risk = state.consent;
    const consent = state.consent;
    queueMicrotask(() =>
      !consent.length
        ? controllerRef!.confirm([])
        : options.acceptRisk
          ? controllerRef!.confirm(consent)
          : controllerRef!.cancel(),
    );
  };
  const txs: EvmTxDetail[] = [];
  const memos: SwapMemoDetail[] = [];
  const errors: Outcome['errors'] = [];
  const walletCalls: string[] = [];
  const wallet = options.wallet
    ? new InjectedWallet({
        ethereum: {
          request: (args) => {
            walletCalls.push(args.method);
            return options.wallet!.request(args);
          },
        },
      })
    : new InjectedWallet({});
  const controller: SwapFlow = new SwapFlow(
    host,
    {
      client: () => client,
      requote: () => quote(),
      // The protocols' nodes, behind the same tamper proxy: a case may alter what they list.
      inbound: (protocol) => nodes.view(protocol),
      service: () => 'hostile',
      owner: () => '',
      tokenDecimals: (asset) => listed.get(asset.toUpperCase()),
      knownAssets: () => tokens.map((t) => t.asset),
      // The host gives the decimals of the tokens outside the widget's table, as a wallet would; no reads on chain.
      // With a page wallet (and no host signing), tokens no one else gives are read through it, as the widget does.
      decimals: new TrustedDecimals({
        host: () => TAMPERINGS[name]?.hostDecimals ?? scenario.hostDecimals,
        cache: new Map(),
        ...(options.wallet ? { read: decimalsReader({ rpcUrl: () => undefined, wallet: () => wallet }) } : {}),
      }),
      // A route's pool is read through the reference's stand-in node, as through `rpc-urls`.
      ...(scenario.readsPools
        ? { readPool: poolReader({ rpcUrl: (chain) => `${server.url}/__ref/rpc/${chain}`, wallet: () => undefined }) }
        : {}),
      affiliate: () => ({
        ...(scenario.affiliate ? { code: scenario.affiliate } : {}),
        bps: scenario.affiliateFee ?? 0,
      }),
      // The hand-outs reach the host as the root dispatches them: cancelable events.
      offer: (h) => {
        const event = new CustomEvent(h.type, { detail: h.detail, cancelable: true });
        host.dispatchEvent(event);
        return { taken: event.defaultPrevented, unheard: false };
      },
      revoke: () => undefined,
      track: () => undefined,
      error: (problem) => {
        const refusal = 'refusal' in problem ? problem.refusal : undefined;
        errors.push({
          code: executionProblemCode(problem),
          message: executionProblemText(problem),
          ...(refusal ? { refusal } : {}),
        });
      },
      reselect: () => undefined,
    },
    wallet,
    () => undefined,
  );
  controllerRef = controller;
  host.addEventListener('swap-tx', (e) => {
    const detail = (e as CustomEvent<SwapTxDetail>).detail;
    txs.push(detail as EvmTxDetail);
    if (options.wallet) return;
    e.preventDefault();
    if (detail.kind === 'approve') queueMicrotask(() => controller.approved());
  });
  host.addEventListener('swap-memo', (e) => {
    memos.push((e as CustomEvent<SwapMemoDetail>).detail);
    if (!options.wallet) e.preventDefault();
  });
  await swap(controller, selection);
  // Ends the hand-out's expiry timer with the case.
  controller.hostDisconnected();
  const state = controller.state;
  const refusal = state.phase === 'failed' && 'refusal' in state.problem ? state.problem.refusal : undefined;
  return {
    request,
    selection,
    txs,
    memos,
    errors,
    state,
    ...(refusal ? { refusal } : {}),
    walletCalls,
    ...(review ? { review } : {}),
    ...(risk ? { risk } : {}),
  };
}
