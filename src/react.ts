/**
 * `<swap-widget>` in TypeScript React 19 apps: `import type {} from 'swap-widget/react';` once
 * (or `/// <reference types="swap-widget/react" />`) types the element in TSX, its attributes
 * (kebab-case, as strings), its properties (camelCase, as React 19 sets them on a defined
 * element) and its events (`onswap-quote`, as React 19 listens to a custom element's events).
 * Types only: the element itself comes from `import 'swap-widget'`.
 *
 * Generated from custom-elements.json by scripts/react-types-from-manifest.js (`npm run build`):
 * edit the element's properties in src/, not this file.
 */
import type { SwapWidgetEventMap } from './events.js';
import type { SwapWidget } from './swap-widget.js';

/** The properties a host may set, camelCase, with their own types (`affiliateFee={30}`). */
export type SwapWidgetProperties = Partial<
  Pick<
    SwapWidget,
    | 'apiUrl'
    | 'apiDialect'
    | 'apiKey'
    | 'affiliate'
    | 'affiliateFee'
    | 'affiliateAddresses'
    | 'sellAsset'
    | 'buyAsset'
    | 'sellAmount'
    | 'slippage'
    | 'sourceAddress'
    | 'destinationAddress'
    | 'lockAddresses'
    | 'providers'
    | 'theme'
    | 'locale'
    | 'cosmosRest'
    | 'thornodeUrl'
    | 'mayanodeUrl'
    | 'rpcUrls'
    | 'decimals'
    | 'balances'
    | 'skipReview'
    | 'bridge'
    | 'hostSigns'
    | 'pollInterval'
  >
>;

/** The attributes, kebab-case, as they are written in HTML (`affiliate-fee="30"`); a boolean attribute takes `true`. */
export interface SwapWidgetAttributeProps {
  'api-url'?: string;
  'api-dialect'?: string;
  'api-key'?: string;
  'affiliate-fee'?: string | number;
  'affiliate-addresses'?: string;
  'sell-asset'?: string;
  'buy-asset'?: string;
  'sell-amount'?: string | number;
  'source-address'?: string;
  'destination-address'?: string;
  'lock-addresses'?: boolean;
  'cosmos-rest'?: string;
  'thornode-url'?: string;
  'mayanode-url'?: string;
  'rpc-urls'?: string;
  'skip-review'?: boolean;
  'host-signs'?: boolean;
  'poll-interval'?: string | number;
}

/** A listener per public event, named as React 19 names a custom element's events: `on` + the event's name. */
export type SwapWidgetEventProps = {
  [K in keyof SwapWidgetEventMap as `on${K}`]?: (event: SwapWidgetEventMap[K]) => void;
};

/** Everything `<swap-widget>` takes in TSX beside React's own props of an HTML element (`ref`, `key`, `id`, `className`...). */
export type SwapWidgetJsxProps = SwapWidgetProperties & SwapWidgetAttributeProps & SwapWidgetEventProps;

// React's JSX, augmented. The two `@ts-ignore` are for this package's own build, which has no
// React types (`@types/react`): the app that imports this has them, and there the names resolve.
// @ts-ignore -- no React types here; the app has them
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      // @ts-ignore -- no React types here; the app has them
      'swap-widget': DetailedHTMLProps<HTMLAttributes<SwapWidget>, SwapWidget> & SwapWidgetJsxProps;
    }
  }
}
