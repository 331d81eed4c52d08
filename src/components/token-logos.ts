import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Token } from '../schemas/service.js';
import { safeImageUrl } from '../domain/tokens/tokens.js';
import { afterPaint } from '../util/after-paint.js';

/**
 * Which token logos the picker shows as images. A row whose logo is new shows its monogram
 * first and the logo a frame later: an SVG logo is parsed on the main thread when its <img>
 * gets it, which must not hold up the keystroke or scroll that showed the row. A logo that
 * failed to load, or any logo once the page's Content-Security-Policy refused one (no
 * `img-src` for `https:`/`data:`), gives way to the monogram for good.
 */
export class TokenLogos implements ReactiveController {
  /** Logos already shown once (the browser keeps them decoded). */
  private readonly shown = new Set<string>();
  private readonly fresh = new Set<string>();
  /** Logos that failed to load (a dead link, a broken file). */
  private readonly failed = new Set<string>();
  private blocked = false;
  private scheduled = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('securitypolicyviolation', this.handleViolation);
  }

  hostDisconnected(): void {
    document.removeEventListener('securitypolicyviolation', this.handleViolation);
  }

  /** The image to show for a token now, or undefined for its monogram. */
  url(token: Token): string | undefined {
    const image = this.blocked ? undefined : safeImageUrl(token.logoURI ?? token.image);
    if (!image || this.failed.has(image)) return undefined;
    if (this.shown.has(image)) return image;
    this.fresh.add(image);
    this.schedule();
    return undefined;
  }

  /** An image's `error` handler. */
  readonly handleError = (e: Event): void => {
    const url = (e.target as HTMLImageElement).getAttribute('src');
    if (!url || this.failed.has(url)) return;
    this.failed.add(url);
    this.host.requestUpdate();
  };

  /** After the frame that shows the rows, their new logos, in a task of their own. */
  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    afterPaint(() => {
      this.scheduled = false;
      for (const url of this.fresh) this.shown.add(url);
      this.fresh.clear();
      this.host.requestUpdate();
    });
  }

  private readonly handleViolation = (e: SecurityPolicyViolationEvent) => {
    if (!this.blocked && /^img-src/.test(e.effectiveDirective || e.violatedDirective)) {
      this.blocked = true;
      this.host.requestUpdate();
    }
  };
}
