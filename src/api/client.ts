/**
 * The service client: one method per endpoint of the spec. Every answer is parsed with the
 * schemas of `schemas/service.ts`; every failure becomes a typed `ApiError`. No DOM, no state
 * shared between instances.
 */
import * as swapKitDialect from './dialects/swapkit.js';
import type * as z from 'zod/mini';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { deprecationOf, type DeprecationInfo } from './deprecation.js';
import { serviceErrorOf } from './error-answer.js';
import { BadResponseError, NetworkError } from './errors.js';
import {
  MAX_BODY_CHARS,
  MAX_JSON_DEPTH,
  MAX_TOKEN_LIST_CHARS,
  compact,
  nestsDeeperThan,
  tokenListOf,
  trackAnswerOf,
} from '../schemas/normalize.js';
import { holdsMoreThan, readRoutes } from './read-routes.js';
import { parseAnswer, parseEach } from './validate.js';
import { yieldToPage } from '../util/yield-to-page.js';
import type { Refusal } from '../domain/checks/refusals.js';
import type { SkChainflipParams } from '../schemas/swapkit.js';
import {
  ConnectedAssets,
  DepositChannel,
  NetworksGraph,
  PoolRates,
  ProviderList,
  QuoteEnvelope,
  Token,
  TokenList,
  TrackResult,
  TxStatus,
  type DepositChannelRequest,
  type ProviderError,
  type QuoteRequest,
  type Route,
  type TrackRequest,
} from '../schemas/service.js';

/**
 * Which service answers: the spec's (`{baseUrl}/v1/...`, the default) or SwapKit's current API
 * (`{baseUrl}/quote`, `/swap`...: `dialects/swapkit.ts`, loaded when first needed).
 */
export type ServiceDialect = 'spec' | 'swapkit';

export interface ClientOptions {
  /** Base of the service; requests go to `{baseUrl}/v1/...` (SwapKit: `{baseUrl}/quote`...). Empty: the page's origin. */
  readonly baseUrl?: string;
  /** The service's dialect; default `spec`. */
  readonly dialect?: ServiceDialect;
  /** Sent as `x-api-key` on every request. */
  readonly apiKey?: string;
  /** Per request, covering the body; default 20 s. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** Called once per distinct deprecation notice the service sends. */
  readonly onDeprecation?: (info: DeprecationInfo) => void;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
}

export interface QuoteResult {
  readonly quoteId: string;
  readonly routes: Route[];
  /** For each of `routes`, its index in the service's answer: the `routeIndex` tracking expects. */
  readonly routeIndexes: number[];
  readonly providerErrors: ProviderError[];
  readonly error?: string;
  /**
   * Routes of the answer that failed validation and were left out: their index in the answer,
   * the provider names they give (possibly none), and why (at most `MAX_UNREADABLE`).
   */
  readonly dropped: { index: number; providers: string[]; message: string; unsupported?: Refusal }[];
  /**
   * Routes of the answer neither kept nor listed in `dropped`: those after the first
   * `MAX_ROUTES` that read (not read at all), and unreadable ones past `MAX_UNREADABLE`.
   */
  readonly unread: number;
}

export type TokenListResult = { tokens: Token[]; total: number };

/**
 * The longest track answer read, in characters. An honest one is a status, a few hashes and
 * one route (its transaction at most some kilobytes of calldata or a serialized Solana
 * transaction): the reference service's are 3 000 to 4 100 characters, fifty times less. A
 * longer one is unreadable before it is parsed, so reading one never holds the page (a red
 * team's answer of 20 000 legs, 2 MB, held it for seconds).
 */
export const MAX_TRACK_CHARS = 200_000;
/** The most values (objects, arrays, strings, numbers...) a track answer may hold: one route's (`MAX_ROUTE_VALUES`). */
export const MAX_TRACK_VALUES = 5_000;

const DEFAULT_TIMEOUT_MS = 20_000;
/** Tokens validated between two yields to the page (about 4 ms of work here). */
const TOKEN_SLICE = 500;

export { compact };
export { describeIssues } from './validate.js';
export { parseRetryAfter } from './error-answer.js';
export type { DeprecationInfo } from './deprecation.js';

/** Limits an answer is held to before it is read. */
interface ReadLimits {
  readonly maxChars: number;
  /**
   * Read the body in chunks and stop once it is longer than `maxChars` (the rest never read):
   * for answers whose limit is small, so a long one never costs the page its whole length.
   */
  readonly stream?: boolean;
}

/** Bytes UTF-8 may spend on one character: a body of more than 4 × N bytes holds more than N characters. */
const MAX_UTF8_BYTES = 4;

/**
 * The body as text, or undefined when it is longer than `limits.maxChars` characters: said by its
 * `Content-Length` before anything is read, else (`stream`) found while it is read in chunks,
 * which stops there. Decoded as `Response.text()` decodes (UTF-8, a BOM dropped).
 */
async function readBody(response: Response, limits: ReadLimits): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limits.maxChars * MAX_UTF8_BYTES) {
    void response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!limits.stream || !response.body) {
    const text = await response.text();
    return text.length > limits.maxChars ? undefined : text;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    text += decoder.decode(value, { stream: !done });
    if (text.length > limits.maxChars) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    if (done) return text;
  }
}

const DEFAULT_LIMITS: ReadLimits = { maxChars: MAX_BODY_CHARS };
/** A track answer's: short, read in chunks (either dialect). */
const TRACK_LIMITS: ReadLimits = { maxChars: MAX_TRACK_CHARS, stream: true };

/** Who a key is, without the key: the first 16 bytes of its SHA-256, in hex ('' without a key). */
export function keyIdOf(apiKey: string | undefined): string {
  return apiKey ? bytesToHex(sha256(utf8ToBytes(apiKey)).subarray(0, 16)) : '';
}

export class SwapApiClient {
  readonly baseUrl: string;
  /**
   * Who the key is, without the key: the first 16 bytes of its SHA-256, in hex; `''` without a
   * key. Stored beside a swap, so a widget with another key does not take it for its own.
   */
  readonly keyId: string;
  readonly dialect: ServiceDialect;
  private readonly apiKey?: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;
  private readonly onDeprecation?: (info: DeprecationInfo) => void;
  private lastDeprecation = '';

  constructor(options: ClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.dialect = options.dialect ?? 'spec';
    if (options.apiKey) this.apiKey = options.apiKey;
    this.keyId = keyIdOf(options.apiKey);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    if (options.onDeprecation) this.onDeprecation = options.onDeprecation;
  }

  /**
   * `POST /v1/quote`. Each route is read alone: one that fails validation is left out and
   * listed in `dropped` with the providers it names, and the others are kept, the first
   * `MAX_ROUTES` of them; the rest are counted in `unread` (see `read-routes.ts`: reading
   * gives the page a turn every few milliseconds). Only an envelope that does not read (no
   * `quoteId`, no `routes` array) is a `bad-response`.
   */
  async quote(request: QuoteRequest, options?: RequestOptions): Promise<QuoteResult> {
    if (this.dialect === 'swapkit') return (await swapKit()).swapKitQuote(this, request, options);
    const path = '/v1/quote';
    const body = await this.send(path, { method: 'POST', body: request }, QuoteEnvelope, options);
    const read = await readRoutes(body.routes, options?.signal ? { signal: options.signal } : {});
    return {
      quoteId: body.quoteId,
      routes: read.routes,
      routeIndexes: read.indexes,
      providerErrors: body.providerErrors,
      ...(body.error ? { error: body.error } : {}),
      dropped: read.dropped,
      unread: read.unread,
    };
  }

  /**
   * `POST /v1/track`: either shape of the spec, or the real service's transaction record
   * (read as shape 1, see `schemas/normalize.ts`). The chain goes as `chainId` and as `chain` (the
   * real service's page names it both ways), with the same code. Bounded as a quote's route is:
   * an answer longer than `MAX_TRACK_CHARS`, holding more than `MAX_TRACK_VALUES` values or a
   * route of more than `MAX_TRACK_LEGS` legs is a `bad-response`, read in one short task.
   */
  async track(request: TrackRequest, options?: RequestOptions) {
    if (this.dialect === 'swapkit')
      return (await swapKit()).swapKitTrack(this, request, options, { ...TRACK_LIMITS, maxValues: MAX_TRACK_VALUES });
    const path = '/v1/track';
    const body: TrackRequest = { ...request, chain: request.chainId };
    const { json, status } = await this.fetchJson(path, { method: 'POST', body }, options, TRACK_LIMITS);
    if (holdsMoreThan(json, MAX_TRACK_VALUES))
      throw new BadResponseError(path, [`(root): holds more than ${MAX_TRACK_VALUES} values`]);
    return compact(parseAnswer(path, trackAnswerOf(json, status), TrackResult));
  }

  /** `POST /v1/track-tx`: the source transaction's status record (SwapKit has none: its `/track` record says it). */
  async trackTx(request: { hash: string; chainId: string }, options?: RequestOptions) {
    if (this.dialect === 'swapkit')
      throw new Error('SwapKit has no `/track-tx`: its `/track` record is the transaction');
    return this.send('/v1/track-tx', { method: 'POST', body: request }, TxStatus, options);
  }

  /** `POST /v1/protocol-b-deposit-channel`: opens a new deposit channel. */
  depositChannel(request: DepositChannelRequest, options?: RequestOptions) {
    return this.send('/v1/protocol-b-deposit-channel', { method: 'POST', body: request }, DepositChannel, options);
  }

  /**
   * `GET /v1/tokens[?provider=]`. Tokens that fail validation are left out. A long list is
   * validated in slices, yielding to the page between them, so ten thousand tokens never
   * hold the main thread for one long task.
   */
  async tokens(query: { provider?: string } = {}, options?: RequestOptions): Promise<TokenListResult> {
    if (this.dialect === 'swapkit') return (await swapKit()).swapKitTokens(this, query, options);
    const qs = query.provider ? `?provider=${encodeURIComponent(query.provider)}` : '';
    const path = `/v1/tokens${qs}`;
    // Either shape of list (the spec's, the real service's, or several lists), each token in the spec's shape.
    const { json } = await this.fetchJson(path, { method: 'GET' }, options, { maxChars: MAX_TOKEN_LIST_CHARS });
    const body = parseAnswer(path, tokenListOf(json) ?? json, TokenList);
    const tokens: z.infer<typeof Token>[] = [];
    for (let i = 0; i < body.tokens.length; i += TOKEN_SLICE) {
      // Before the first slice too: reading and parsing a long answer is a task of its own.
      if (body.tokens.length > TOKEN_SLICE) await yieldToPage(options?.signal);
      tokens.push(...parseEach(Token, body.tokens.slice(i, i + TOKEN_SLICE)).ok);
    }
    return { tokens, total: body.total ?? tokens.length };
  }

  /** `GET /v1/providers`. */
  async providers(options?: RequestOptions) {
    if (this.dialect === 'swapkit') return (await swapKit()).swapKitProviders(this, options);
    return this.send('/v1/providers', { method: 'GET' }, ProviderList, options);
  }

  /** `GET /v1/poolrates`: USD prices (SwapKit has none: no prices). */
  async poolRates(options?: RequestOptions) {
    if (this.dialect === 'swapkit') return { rates: [] };
    return this.send('/v1/poolrates', { method: 'GET' }, PoolRates, options);
  }

  /** `GET /v1/connected-assets?sellAsset=`: the assets a sell asset can be swapped to. */
  async connectedAssets(sellAsset: string, options?: RequestOptions): Promise<string[]> {
    const body = await this.send(
      `/v1/connected-assets?sellAsset=${encodeURIComponent(sellAsset)}`,
      { method: 'GET' },
      ConnectedAssets,
      options,
    );
    return Array.isArray(body) ? body : body.assets;
  }

  /** `GET /v1/networks-graph`. */
  networksGraph(options?: RequestOptions) {
    return this.send('/v1/networks-graph', { method: 'GET' }, NetworksGraph, options);
  }

  /**
   * SwapKit's second step, `POST /swap`: the quoted route (`routeId`) with what is signed or paid,
   * in the spec's shape, or why the widget cannot carry it out. Only in the SwapKit dialect.
   */
  async swap(
    request: { routeId: string; sourceAddress: string; destinationAddress: string },
    options?: RequestOptions,
  ) {
    if (this.dialect !== 'swapkit') throw new Error('`/swap` is a step of the SwapKit dialect only');
    return (await swapKit()).swapKitSwap(this, request, options);
  }

  /**
   * SwapKit's `POST /chainflip/broker/channel` with a Chainflip route's own channel request
   * (`meta.chainflip` of its `/swap` answer): the deposit address. Only in the SwapKit dialect.
   */
  async swapKitChannel(params: SkChainflipParams, options?: RequestOptions) {
    if (this.dialect !== 'swapkit')
      throw new Error('the Chainflip broker channel is a step of the SwapKit dialect only');
    return (await swapKit()).swapKitChannel(this, params, options);
  }

  /** One request of a dialect (`dialects/*`): its status and JSON body, held to the client's limits. */
  fetchAnswer(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    options?: RequestOptions,
    limits?: ReadLimits,
  ): Promise<{ status: number; json: unknown }> {
    return this.fetchJson(path, init, options, limits);
  }

  private async send<T extends z.ZodMiniType>(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    schema: T,
    options: RequestOptions = {},
  ): Promise<z.infer<T>> {
    const { json } = await this.fetchJson(path, init, options);
    return parseAnswer(path, json, schema);
  }

  /**
   * One request: the answer's status and JSON body, held to `limits` (its length) and to
   * `MAX_JSON_DEPTH` before anything reads it. An error status throws a `ServiceError`; no
   * answer a `NetworkError`; a body that is not JSON, too long or too deep a `BadResponseError`.
   */
  private async fetchJson(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    options: RequestOptions = {},
    limits: ReadLimits = DEFAULT_LIMITS,
  ): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (this.apiKey) headers['x-api-key'] = this.apiKey;

    const controller = new AbortController();
    const outer = options.signal;
    if (outer?.aborted) throw outer.reason ?? new DOMException('Aborted', 'AbortError');
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = () => controller.abort();
    outer?.addEventListener('abort', onAbort);

    let response: Response;
    let text: string | undefined;
    try {
      response = await this.fetchFn(this.baseUrl + path, {
        method: init.method,
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: controller.signal,
      });
      text = await readBody(response, limits);
    } catch (cause) {
      if (outer?.aborted) throw new DOMException('Aborted', 'AbortError');
      if (timedOut)
        throw new NetworkError(`The service did not answer within ${this.timeoutMs / 1000} s`, path, true, { cause });
      throw new NetworkError('The service could not be reached', path, false, { cause });
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }

    this.noteDeprecation(response.headers);
    if (!response.ok) throw serviceErrorOf(path, response, text ?? '');
    if (text === undefined) throw new BadResponseError(path, [`body is longer than ${limits.maxChars} characters`]);

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new BadResponseError(path, ['body is not JSON']);
    }
    if (nestsDeeperThan(json, MAX_JSON_DEPTH))
      throw new BadResponseError(path, [`body nests deeper than ${MAX_JSON_DEPTH} levels`]);
    return { status: response.status, json };
  }

  /** Tells `onDeprecation` of a notice, once per distinct notice. */
  private noteDeprecation(headers: Headers): void {
    if (!this.onDeprecation) return;
    const notice = deprecationOf(headers);
    if (!notice) return;
    const key = `${notice.sunsetDate}|${notice.warning}`;
    if (key === this.lastDeprecation) return;
    this.lastDeprecation = key;
    this.onDeprecation(notice);
  }
}

/**
 * The SwapKit dialect. It is part of the widget's later file (the first file paints without any
 * client): no file is loaded by code, which integrity and a strict CSP could not vouch for.
 */
const swapKit = () => Promise.resolve(swapKitDialect);
