/**
 * The native webview bridge: with `bridge` set, every public event is also posted as the
 * JSON string `{"type", "detail", "id"}` (`id`: the widget's `id` attribute, '' without one, so a
 * wallet tells the widgets of a page apart and answers the right one) to React Native's `window.ReactNativeWebView.postMessage`
 * when it exists, else to iOS WKWebView's `window.webkit.messageHandlers.swapWidget.postMessage`.
 * The native side answers by calling the element's `track()` through its JavaScript bridge.
 */

interface BridgeWindow {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { swapWidget?: { postMessage(message: unknown): void } } };
}

/** Posts the event to the native side; false when no bridge is there. */
export function postToBridge(win: Window, type: string, detail: unknown, id = ''): boolean {
  const w = win as unknown as BridgeWindow;
  const message = JSON.stringify({ type, detail, id });
  if (w.ReactNativeWebView && typeof w.ReactNativeWebView.postMessage === 'function') {
    w.ReactNativeWebView.postMessage(message);
    return true;
  }
  const handler = w.webkit?.messageHandlers?.swapWidget;
  if (handler && typeof handler.postMessage === 'function') {
    handler.postMessage(message);
    return true;
  }
  return false;
}
