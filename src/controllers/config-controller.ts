import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { SwapApiClient, type DeprecationInfo } from '../api/client.js';
import { inboundSource, type InboundSource } from '../api/inbound-client.js';
import type { QuoteRequest } from '../schemas/service.js';
import { parseConfig, uncheckedConfig, type ConfigIssue, type ConfigResult, type RawConfig } from '../config/config.js';
import { serviceDialect } from '../config/values.js';
import { assetChain, sameAsset } from '../domain/chains/asset.js';
import { chainsConnected } from '../domain/chains/chains.js';
import {
  EMPTY_DRAFT,
  checkDraft,
  holdReason,
  hostValue,
  type Draft,
  type DraftField,
  type FieldProblems,
  type HoldReason,
} from '../domain/quotes/draft.js';
import { decimalText } from '../domain/amounts/number-input.js';
import { localeTag } from '../locales/localize.js';
import { buildQuoteRequest, sameRequest } from '../domain/quotes/request.js';
import { tokenFacts, type TokenIndex } from '../domain/tokens/tokens.js';
import { afterPaint } from '../util/after-paint.js';
import { yieldToPage } from '../util/yield-to-page.js';

export { CONFIG_PROPS, type ConfigProp } from '../config/props.js';
import type { ConfigProp } from '../config/props.js';
import { CONFIG_PROPS } from '../config/props.js';

/** The properties a field of the form follows, and is written back to when the user edits it. */
const FIELD_PROPS: readonly (readonly [DraftField, ConfigProp])[] = [
  ['sellAsset', 'sellAsset'],
  ['buyAsset', 'buyAsset'],
  ['amount', 'sellAmount'],
  ['slippage', 'slippage'],
  ['sourceAddress', 'sourceAddress'],
  ['destinationAddress', 'destinationAddress'],
];

export interface ConfigOptions {
  /** The host's property values now. */
  raw(): RawConfig;
  tokens(): TokenIndex | undefined;
  /** Providers the service lists beyond the spec's names. */
  extraProviders(): readonly string[] | undefined;
  /** The current request changed (form or attribute): nothing of the earlier one may be handed out. */
  onRequestChange(request: QuoteRequest | undefined): void;
  /** The start's steps after the first paint, each in a task of its own. */
  startSteps: readonly (() => void)[];
}

/**
 * The widget's session, one owner for what the root renders from: the host's configuration
 * (checked), the draft the user edits and its problems, the one current request, the
 * selected route, the client of the configured service, and the staged start.
 *
 * An attribute the host sets wins over what the user typed in that field; what the user
 * types is written back to the attribute (see `input()`), and such an echo is not read as
 * the host's setting (so the draft is not reset, and a bad value typed is the form's
 * problem, not a configuration error).
 */
export class ConfigController implements ReactiveController {
  result: ConfigResult = { config: uncheckedConfig({}), errors: [], warnings: [] };
  draft: Draft = EMPTY_DRAFT;
  problems: FieldProblems = {};
  request?: QuoteRequest;
  /** Service index of the selected route in the current answer. */
  selected?: number;
  client = new SwapApiClient();
  /** The memo protocols' nodes, as configured: where a route's vaults and routers are verified. */
  inbound: InboundSource = inboundSource({ urls: {} });
  /**
   * False until the frame that first shows the form is painted. Until then the widget only
   * renders what the host set: it checks no address, sends no request and resumes no
   * tracked swap, so the form is on screen as early as it can be.
   */
  started = false;
  /** Resolves once the start's last step ran. */
  ready?: Promise<void>;
  /** The service said this version of its API is deprecated. */
  deprecation?: DeprecationInfo;

  private clientKey = '';
  private nodesKey = '{}';
  private seen: { providers?: unknown; draft?: Draft; tokens?: unknown; started?: boolean; locale?: string } = {};
  /** The host's own values of the draft's properties (echoes of the user's input left out). */
  private hostValues: Partial<RawConfig> = {};
  /** Values the widget wrote into its own properties, not yet seen back. */
  private echoes = new Map<ConfigProp, unknown>();
  /** Configuration problems already told to the host, so each is told once while it stands. */
  private reported = new Set<string>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ConfigOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  get configBroken(): boolean {
    return this.result.errors.length > 0;
  }

  /** Why nothing is quoted although the form looks complete. */
  get hold(): HoldReason | undefined {
    return this.started && !this.request
      ? holdReason(this.draft, this.problems, this.configBroken, this.locale)
      : undefined;
  }

  /** The widget's locale, which the form's numbers are read in (a BCP 47 tag, `auto` resolved). */
  get locale(): string {
    return localeTag(this.result.config.locale);
  }

  /**
   * Derives the configuration, the draft's problems and the request; called from the
   * host's `willUpdate` with the names of the properties that changed. Each step runs only
   * when what it reads changed (the countdown re-renders every second).
   */
  sync(changed: { has(key: PropertyKey): boolean }): void {
    const providers = this.options.extraProviders();
    const starting = this.started !== this.seen.started;
    const props = CONFIG_PROPS.filter((p) => changed.has(p));
    if (props.length || providers !== this.seen.providers || starting) {
      Object.assign(this.seen, { providers, started: this.started });
      this.readConfig(props);
    }
    const tokens = this.options.tokens();
    const locale = this.locale;
    if (this.draft !== this.seen.draft || tokens !== this.seen.tokens || locale !== this.seen.locale || starting) {
      Object.assign(this.seen, { draft: this.draft, tokens, locale });
      this.problems = this.started ? checkDraft(this.draft, tokenFacts(this.draft.sellAsset, tokens), locale) : {};
    }
    const request =
      this.started && !this.configBroken
        ? buildQuoteRequest(this.draft, this.problems, this.result.config, locale)
        : undefined;
    if (!sameRequest(request, this.request)) {
      this.request = request;
      this.selected = undefined;
      this.options.onRequestChange(request);
    }
  }

  /** The user edited a field. Returns the properties to write back (the host's attributes follow the user). */
  edit(field: DraftField, value: string): Partial<Record<ConfigProp, string>> {
    return this.setDraft({ ...this.draft, [field]: value });
  }

  /** The user swapped the sell and buy assets. */
  flip(): Partial<Record<ConfigProp, string>> {
    const d = this.draft;
    return this.setDraft({ ...d, sellAsset: d.buyAsset, buyAsset: d.sellAsset });
  }

  /** The user picked an asset; a buy asset the new sell asset cannot reach is cleared rather than left impossible. */
  pick(side: 'sell' | 'buy', asset: string): Partial<Record<ConfigProp, string>> {
    const d = { ...this.draft };
    if (side === 'sell') {
      d.sellAsset = asset;
      if (d.buyAsset && !chainsConnected(assetChain(asset), assetChain(d.buyAsset))) d.buyAsset = '';
    } else d.buyAsset = asset;
    return this.setDraft(d);
  }

  select(index: number | undefined): void {
    this.selected = index;
    this.host.requestUpdate();
  }

  /** What `swap-input` tells the host: the request as the form now stands. */
  get input() {
    const d = this.draft;
    return {
      sellAsset: d.sellAsset,
      buyAsset: d.buyAsset,
      sellAmount: hostValue(d, 'amount', this.locale),
      sourceAddress: d.sourceAddress,
      destinationAddress: d.destinationAddress,
      slippage: hostValue(d, 'slippage', this.locale),
    };
  }

  /** Configuration errors not told to the host yet (each once while it stands). */
  newIssues(): ConfigIssue[] {
    const key = (e: ConfigIssue) => `${e.field}|${e.code}|${e.value ?? ''}`;
    const fresh = this.result.errors.filter((e) => !this.reported.has(key(e)));
    this.reported = new Set(this.result.errors.map(key));
    return fresh;
  }

  /**
   * Starts after the frame that paints the form (or after 250 ms on a page that paints no
   * frame, a hidden tab): the full configuration check and its render, then each step of
   * `startSteps`, each in a task of its own so none holds the page for long.
   */
  start(): void {
    this.ready ??= new Promise((resolve) => {
      const go = async () => {
        clearTimeout(fallback);
        if (this.started) return;
        this.started = true;
        this.host.requestUpdate();
        for (const step of this.options.startSteps) {
          await yieldToPage();
          step();
          this.host.requestUpdate();
        }
        resolve();
      };
      const fallback = setTimeout(() => void go(), 250);
      afterPaint(() => void go());
    });
  }

  private setDraft(draft: Draft): Partial<Record<ConfigProp, string>> {
    const before = this.draft;
    this.draft = draft;
    this.host.requestUpdate();
    const echo: Partial<Record<ConfigProp, string>> = {};
    for (const [field, prop] of FIELD_PROPS) {
      if (draft[field] === before[field]) continue;
      echo[prop] = hostValue(draft, field, this.locale);
      this.echoes.set(prop, echo[prop]);
    }
    return echo;
  }

  private readConfig(changed: readonly ConfigProp[]) {
    const raw = this.options.raw();
    const fromHost = changed.filter((p) => {
      const echo = this.echoes.has(p) && this.echoes.get(p) === raw[p];
      this.echoes.delete(p);
      return !echo;
    });
    for (const p of fromHost) this.hostValues[p] = raw[p] as never;
    // The draft's properties as the host last set them: the user's echoes are the form's to check.
    const own: RawConfig = { ...raw };
    for (const [, prop] of FIELD_PROPS) own[prop] = this.hostValues[prop] as never;
    if (this.started) {
      const extraProviders = this.options.extraProviders();
      this.result = parseConfig(own, {
        pageUrl: location.href,
        picked: this.picked(own, fromHost),
        ...(extraProviders ? { extraProviders } : {}),
      });
      this.updateClient();
    } else {
      // The first render shows the host's values at once; they are checked at the start.
      this.result = { config: uncheckedConfig(own), errors: [], warnings: [] };
    }
    const { config } = this.result;
    const draft = { ...this.draft };
    // The host writes numbers as decimal strings; the form shows them as the locale types them.
    const fromConfig: Record<DraftField, string> = {
      sellAsset: config.sellAsset ?? '',
      buyAsset: config.buyAsset ?? '',
      amount: decimalText(config.sellAmount ?? '', this.locale),
      slippage: decimalText(String(config.slippage), this.locale),
      sourceAddress: config.sourceAddress ?? '',
      destinationAddress: config.destinationAddress ?? '',
    };
    for (const [field, prop] of FIELD_PROPS) if (fromHost.includes(prop)) draft[field] = fromConfig[field];
    if (config.lockAddresses) {
      draft.sourceAddress = fromConfig.sourceAddress;
      draft.destinationAddress = fromConfig.destinationAddress;
    }
    if ((Object.keys(draft) as DraftField[]).some((k) => this.draft[k] !== draft[k])) this.draft = draft;
  }

  /**
   * The assets the user picked in place of the host's (the host did not set them since):
   * the host's addresses are checked against these, the assets as they now stand.
   */
  private picked(own: RawConfig, fromHost: readonly ConfigProp[]): { sellAsset?: string; buyAsset?: string } {
    const picked: { sellAsset?: string; buyAsset?: string } = {};
    for (const side of ['sellAsset', 'buyAsset'] as const) {
      const mine = this.draft[side];
      const host = own[side];
      if (mine && !fromHost.includes(side) && !(typeof host === 'string' && sameAsset(mine, host.trim())))
        picked[side] = mine;
    }
    return picked;
  }

  /** The configured service's identity: what hand-outs and swaps are kept under. */
  get service(): string {
    return this.clientKey.split('|')[0] || (typeof location === 'undefined' ? '' : location.origin);
  }

  /** A client for the configured service; kept while the service and key stay the same. So are the nodes' reader and its answers. */
  private updateClient() {
    const { config } = this.result;
    const nodes = JSON.stringify(config.nodeUrls);
    if (nodes !== this.nodesKey) [this.nodesKey, this.inbound] = [nodes, inboundSource({ urls: config.nodeUrls })];
    const dialect = serviceDialect(config.apiUrl, config.apiDialect);
    const key = `${config.apiUrl}|${config.apiKey ?? ''}|${dialect}`;
    if (key === this.clientKey) return;
    this.clientKey = key;
    this.client = new SwapApiClient({
      baseUrl: config.apiUrl,
      dialect,
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      // Told to the host (console and `swap-error` `deprecated`) by the root, once per notice.
      onDeprecation: (info) => {
        this.deprecation = info;
        this.host.requestUpdate();
      },
    });
  }
}
