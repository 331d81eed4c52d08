/**
 * A test-runner command that really hides the test page: `set-page-visibility` minimises
 * (or restores) the browser window over the DevTools protocol, so `document.visibilityState`
 * and `visibilitychange` are the browser's own, with its throttling of hidden pages, instead
 * of a patched `document.visibilityState`. In a test:
 *
 *     await executeServerCommand('set-page-visibility', { visible: false });
 */
interface PuppeteerPageLike {
  createCDPSession?(): Promise<CdpLike>;
  target(): { createCDPSession(): Promise<CdpLike> };
}
interface CdpLike {
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  detach(): Promise<void>;
}
interface Session {
  id: string;
  browser: { type?: string; getPage?(id: string): PuppeteerPageLike };
}

export function pageVisibilityPlugin() {
  return {
    name: 'page-visibility',
    async executeCommand({ command, payload, session }: { command: string; payload: unknown; session: Session }) {
      if (command !== 'set-page-visibility') return undefined;
      const page = session.browser.getPage?.(session.id);
      if (!page) throw new Error('set-page-visibility needs a Chrome (puppeteer) session');
      const visible = !!(payload as { visible?: unknown } | undefined)?.visible;
      const cdp = await (page.createCDPSession ? page.createCDPSession() : page.target().createCDPSession());
      try {
        const { windowId } = await cdp.send('Browser.getWindowForTarget');
        await cdp.send('Browser.setWindowBounds', {
          windowId,
          bounds: { windowState: visible ? 'normal' : 'minimized' },
        });
      } finally {
        await cdp.detach();
      }
      return true;
    },
  };
}
