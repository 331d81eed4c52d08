import { property } from 'lit/decorators.js';
import type { ConfigIssue } from './config/config.js';
import { strayAttributes, strayNames, type DeclaredProperty } from './config/stray-attributes.js';
import { LocalizedElement } from './components/localized-element.js';
import { DEFAULT_POLICY } from './domain/tracking/poll-policy.js';

/**
 * What a host can set on `<swap-widget>`: every attribute, with the property it reflects.
 * The element (`SwapWidget`, in swap-widget.ts) extends this class: it reads these
 * properties through its session controller, composes the controllers and dispatches
 * the events; this class declares the configuration surface and nothing else, so the
 * attributes and their documentation are found in one place.
 */
export class SwapWidgetAttributes extends LocalizedElement {
  /**
   * Base URL of the service; default the page's origin. The spec's service is asked at
   * `{api-url}/v1/...`; SwapKit's current API at `{api-url}/quote`, `/swap`... (set `api-url` to
   * `https://api.swapkit.dev` and `api-key` to its key: its host is recognised; a proxy of it
   * needs `api-dialect="swapkit"`).
   */
  @property({ attribute: 'api-url', reflect: true }) apiUrl?: string;
  /**
   * Which service answers at `api-url`: `spec` (the service of the published interface) or
   * `swapkit` (SwapKit's current API: routes are quoted, then the chosen one is asked for with
   * `/swap` before its review). Default: `swapkit` when `api-url`'s host is SwapKit's
   * (`api.swapkit.dev`, `dev-api.swapkit.dev`), else `spec`. The widget does not guess from the
   * answers: the two services differ in their paths, so a guess would cost a request that fails
   * on one of them, and an outage would read as the other service.
   */
  @property({ attribute: 'api-dialect', reflect: true }) apiDialect?: string;
  /** Sent as `x-api-key` on every request. */
  @property({ attribute: 'api-key' }) apiKey?: string;
  /** Affiliate name passed to the quote. */
  @property({ reflect: true }) affiliate?: string;
  /** Affiliate fee in basis points, 0 to 1000. @default 0 */
  @property({ attribute: 'affiliate-fee', reflect: true }) affiliateFee?: string | number;
  /**
   * Where the affiliate fee is paid, as `CHAIN=address` pairs separated by commas
   * (`SOL=<owner>`); the property also takes the same map as an object (`{ SOL: '<owner>' }`).
   * A Jupiter route's platform fee is accepted only at `affiliate-fee`, into the `SOL` owner's
   * token account of the input or output mint; without it, a route that takes one is refused.
   */
  @property({ attribute: 'affiliate-addresses' }) affiliateAddresses?: string | Record<string, string>;
  /** Asset identifier of the asset to sell (`BTC.BTC`); follows the user's pick. */
  @property({ attribute: 'sell-asset', reflect: true }) sellAsset?: string;
  /** Asset identifier of the asset to buy; follows the user's pick. */
  @property({ attribute: 'buy-asset', reflect: true }) buyAsset?: string;
  /** Decimal amount to sell (`0.25`); follows what the user types. */
  @property({ attribute: 'sell-amount', reflect: true }) sellAmount?: string | number;
  /** Slippage tolerance in percent, from 0.01 to less than 100 (0 and 100 are refused: see the settings). @default 1 */
  @property({ reflect: true }) slippage?: string | number;
  /** Address the sold asset is sent from. */
  @property({ attribute: 'source-address', reflect: true }) sourceAddress?: string;
  /** Address the bought asset is sent to. */
  @property({ attribute: 'destination-address', reflect: true }) destinationAddress?: string;
  /** The user cannot edit the addresses. */
  @property({ attribute: 'lock-addresses', type: Boolean, reflect: true }) lockAddresses = false;
  /** Comma-separated provider identifiers the quote is restricted to. */
  @property({ reflect: true }) providers?: string;
  /** `light`, `dark` or `auto` (follows `prefers-color-scheme`). @default 'auto' */
  @property({ reflect: true }) theme?: string;
  /**
   * The language: a BCP 47 tag (`fr`, `pt-BR`), or `auto`, the first of the visitor's languages
   * (`navigator.languages`, in order) whose file is on the page, else English; default the
   * browser's language. A language other than English needs its file on the page
   * (`locales/<locale>.js`); numbers and dates follow the tag (`pt-PT` speaks `pt` and writes
   * numbers as in Portugal). The 19 languages are listed in docs/languages.md.
   */
  @property({ reflect: true }) override locale?: string;
  /**
   * REST endpoints of Cosmos-SDK chains, as `CHAIN=URL` pairs separated by commas
   * (`GAIA=https://rest.example,THOR=https://thornode.example`): before a Keplr-compatible
   * wallet signs, the widget reads the account's number and sequence there. Chains left out
   * use public endpoints (Nine Realms, Maya, PublicNode).
   */
  @property({ attribute: 'cosmos-rest' }) cosmosRest?: string;
  /**
   * Base URL of a THORNode (protocol A) whose `/thorchain/inbound_addresses` the widget reads
   * before a hand-out, to check a memo route's vault and router against the protocol's own list.
   * A route that list cannot vouch for is refused (`protocol-unverified`): the node did not answer
   * within 5 s, its answer did not read, or it is `off`, which reads nothing, so that every route
   * paying protocol A is refused. Default: Nine Realms' public node.
   */
  @property({ attribute: 'thornode-url' }) thornodeUrl?: string;
  /**
   * Base URL of a Mayanode (protocol C), read as `thornode-url` is (`/mayachain/inbound_addresses`);
   * `off` reads nothing, so that every route paying protocol C is refused. Default: Maya's public node.
   */
  @property({ attribute: 'mayanode-url' }) mayanodeUrl?: string;
  /**
   * JSON-RPC endpoints where token decimals are read on chain, as `CHAIN=URL` pairs separated
   * by commas (`ETH=https://eth.example,SOL=https://sol.example`; an EVM chain or `SOL`); the
   * `rpcUrls` property also takes the same map as an object (`{ ETH: 'https://…' }`). A
   * token outside the widget's own table and the `decimals` property has its decimals read
   * there (an EVM token's `decimals()`, a Solana mint's through `getTokenSupply`), else through
   * the page's connected wallet on that chain (not with `host-signs`). A page with a strict
   * `connect-src` must allow them.
   */
  @property({ attribute: 'rpc-urls' }) rpcUrls?: string | Readonly<Record<string, string>>;
  /**
   * Decimals of the tokens the host knows, as a wallet knows them:
   * `{ 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA': 18 }` (asset identifier to a
   * whole number from 0 to 36). Used for tokens outside the widget's own table; a token sold
   * or bought whose decimals neither gives nor can be read on chain (`rpc-urls`) is refused.
   * Property only; assign a new object to change it.
   */
  @property({ attribute: false }) decimals?: Readonly<Record<string, number>>;
  /**
   * Balances the host knows, as a wallet knows them: `{ 'ETH.ETH': '1.25' }` (asset identifier
   * to a decimal string, in whole units). The sell asset's is shown with Max, and an amount over
   * it is not swapped; it wins over the balance the widget reads for a connected wallet. A bad
   * entry is ignored. Property only; assign a new object to change it.
   */
  @property({ attribute: false }) balances?: Readonly<Record<string, string>>;
  /**
   * The host shows its own review of what is signed (a wallet's sheet, from `detail.review`):
   * Swap hands out at once, with no review in the widget, unless the review asks the user to
   * confirm a risk (a deposit channel's address, a slippage of 20 % or more, a price impact of
   * 10 % or more): no setting skips that, and the widget's review is shown all the same.
   */
  @property({ attribute: 'skip-review', type: Boolean, reflect: true }) skipReview = false;
  /** Also post every event to a native webview bridge. */
  @property({ type: Boolean, reflect: true }) bridge = false;
  /**
   * The host signs everything: every `swap-tx` and `swap-memo` is the host's whether or not
   * it is cancelled; the widget never turns to an injected wallet or its own memo flow.
   */
  @property({ attribute: 'host-signs', type: Boolean, reflect: true }) hostSigns = false;
  /**
   * First tracking poll interval in ms (at least 1 000). The real service allows about 10
   * requests a minute per key, shared with quoting: lower it only for services that allow more.
   * @default 10000
   */
  @property({ attribute: 'poll-interval', type: Number }) pollInterval = DEFAULT_POLICY.firstMs;

  /** The attributes lit reads, and the lower-cased property names a framework may write instead (watched, never read). */
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...strayNamesOf(this).keys()];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    // A stray attribute is warned of after the next update (`config-warning`).
    if (strayNamesOf(this.constructor as typeof SwapWidgetAttributes).has(name)) this.requestUpdate();
  }

  /** Warnings for the attributes a framework wrote from property names (`affiliatefee`, `decimals`), which are not read. */
  protected strayAttributes(): ConfigIssue[] {
    return strayAttributes(this.getAttributeNames(), strayNamesOf(this.constructor as typeof SwapWidgetAttributes));
  }
}

const strays = new WeakMap<typeof SwapWidgetAttributes, Map<string, DeclaredProperty>>();

/** The lower-cased names of the element's properties that are not its attributes, from lit's declarations. */
function strayNamesOf(ctor: typeof SwapWidgetAttributes): Map<string, DeclaredProperty> {
  let names = strays.get(ctor);
  if (!names) {
    // Read once the class is finalized (observedAttributes, or an instance): its declarations are complete.
    const declared: DeclaredProperty[] = [...ctor.elementProperties]
      .filter(([, o]) => !o.state)
      .map(([key, o]) => {
        const property = String(key);
        const attribute =
          o.attribute === false ? false : typeof o.attribute === 'string' ? o.attribute : property.toLowerCase();
        return { property, attribute };
      });
    strays.set(ctor, (names = strayNames(declared)));
  }
  return names;
}
