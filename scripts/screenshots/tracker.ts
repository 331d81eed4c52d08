/**
 * The progress view alone (`<swap-tracker>` of the built one-file bundle, dist/swap-widget.iife.js, in the widget's frame and
 * palette), 320 px wide, on a fixed clock, for the states a swap can end in or be seen in: in
 * progress, completed, refunded and partially refunded, in light, dark and Arabic (right to
 * left). Writes `tracker-<state>-<look>.png`.
 */
import type { SwapRecord } from '../../src/domain/tracking/swap-store.js';
import type { TrackStatus } from '../../src/domain/tracking/status.js';
import { swap } from '../../test/browser/components/fixtures.js';
import { frameStyles } from '../../test/support/widget-frame.js';
import { newTab, open, shoot, type Gallery } from './gallery.js';

const CREATED = Date.UTC(2026, 10, 25, 12, 0, 0);
const HASH = 'ab'.repeat(32);

/** A tracked BTC -> ETH swap in one state (the component suites' record), on the fixed clock. */
function record(status: Partial<TrackStatus>): SwapRecord {
  return { ...swap(status), createdAt: CREATED, updatedAt: CREATED };
}

const STATES: Record<string, SwapRecord> = {
  'in-progress': record({
    status: 'swapping',
    final: false,
    stage: 'swapping',
    outcome: 'pending',
    inboundHash: HASH,
    streaming: { percentage: 40, count: 4, quantity: 10 },
  }),
  completed: record({
    status: 'completed',
    final: true,
    stage: 'done',
    outcome: 'success',
    buyAmount: '2.3912',
    buyAsset: 'ETH.ETH',
    outboundHash: `0x${'cd'.repeat(32)}`,
  }),
  refunded: record({
    status: 'refunded',
    final: true,
    stage: 'done',
    outcome: 'refund',
    outboundHash: 'ef'.repeat(32),
    refund: { asset: 'BTC.BTC', amount: '0.0998', hash: 'ef'.repeat(32) },
    error: 'swap refunded: output would be below the limit of 2.376 ETH.ETH',
  }),
  'partially-refunded': record({
    status: 'partially_refunded',
    final: true,
    stage: 'done',
    outcome: 'refund',
    buyAmount: '1.2',
    buyAsset: 'ETH.ETH',
    outboundHash: `0x${'cd'.repeat(32)}`,
    refund: { asset: 'BTC.BTC', amount: '0.0497', hash: 'ef'.repeat(32) },
    error: 'swap partially filled: 50.0% swapped before the price passed the limit, the rest refunded',
  }),
};

const LOOKS = {
  light: { theme: 'light', locale: 'en', dir: 'ltr' },
  dark: { theme: 'dark', locale: 'en', dir: 'ltr' },
  ar: { theme: 'light', locale: 'ar', dir: 'rtl' },
} as const;

const pageHtml = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>body { margin: 0; background: #888; } ${frameStyles()}</style>
<script src="/dist/locales/ar.js"></script>
<script src="/dist/swap-widget.iife.js"></script>
</head><body><div class="frame"><div class="widget"><swap-tracker></swap-tracker></div></div></body></html>`;

export async function trackers(g: Gallery): Promise<void> {
  for (const [lookName, look] of Object.entries(LOOKS)) {
    const tab = await newTab(g, 320, 800, look.theme);
    await open(g, tab, pageHtml);
    await tab.evaluate(() => customElements.whenDefined('swap-tracker'));
    for (const [stateName, rec] of Object.entries(STATES)) {
      await tab.evaluate(
        ({ look, rec, now }) => {
          const frame = document.querySelector<HTMLElement>('.frame')!;
          frame.setAttribute('theme', look.theme);
          const widget = frame.querySelector<HTMLElement>('.widget')!;
          widget.lang = look.locale;
          widget.dir = look.dir;
          const t = document.querySelector('swap-tracker')! as HTMLElement & {
            record: unknown;
            now: number;
            locale: string;
            updateComplete: Promise<boolean>;
          };
          t.locale = look.locale;
          t.now = now;
          t.record = rec;
          return t.updateComplete;
        },
        // Three minutes and a half into a swap estimated at 10 min 36 s.
        { look, rec, now: CREATED + 210_000 },
      );
      await shoot(g, tab.locator('.frame'), `tracker-${stateName}-${lookName}`);
    }
    await tab.close();
  }
}
