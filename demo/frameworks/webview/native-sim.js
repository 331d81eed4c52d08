/*
 * Plays the app around a wallet's webview, for this example and the test suite. Nothing of
 * this file belongs in a wallet's page: in a real app,
 *
 *  - the platform provides the bridge object the widget posts to (React Native's WebView
 *    defines `window.ReactNativeWebView`; on iOS the app registers a WKScriptMessageHandler
 *    named `swapWidget`, which defines `window.webkit.messageHandlers.swapWidget`), and
 *  - the app's native code receives each posted JSON string, signs what it is handed, and
 *    answers by running a line of JavaScript in the page (React Native: `injectJavaScript`;
 *    WKWebView: `evaluateJavaScript`).
 *
 * `onMessage` below is those few native lines, written in JavaScript; README.md beside this
 * file has them in React Native and Swift. Open `index.html?platform=wkwebview` to play
 * WKWebView, else React Native. Classic script, loaded before the widget, as the platform's
 * bridge object exists before the page's scripts run.
 *
 * `window.nativeSide` is the app, for the tests (and the curious): what it received, the
 * lines it injected, and `user`, the person holding the phone (by default they press the
 * buttons of the signing sheet drawn at the bottom of the page).
 */
(function () {
  'use strict';

  var params = new URLSearchParams(location.search);
  var platform = params.get('platform') === 'wkwebview' ? 'wkwebview' : 'react-native';

  /** The app's memory: it outlives the webview's renderer (sessionStorage stands in for it). */
  var MEMORY_KEY = 'swap-widget-demo:native-memory';
  function remember(memory) {
    sessionStorage.setItem(MEMORY_KEY, JSON.stringify(memory));
  }
  function recall() {
    try {
      return JSON.parse(sessionStorage.getItem(MEMORY_KEY) || 'null') || { held: [] };
    } catch {
      return { held: [] };
    }
  }

  /** The wallet's own accounts, by chain code: what it locks the widget's addresses to. */
  var EVM = ['ETH', 'ARB', 'BASE', 'BSC', 'AVAX', 'OP', 'MATIC'];
  var accounts = { BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };
  EVM.forEach(function (chain) {
    accounts[chain] = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
  });

  var native = {
    platform: platform,
    /** Every value the page posted, as posted (the widget posts JSON strings). */
    raw: [],
    /** Date.now() when each was posted. */
    receivedAt: [],
    /** The posted messages, parsed, in the same order. */
    messages: [],
    /** Every line of JavaScript the app ran in the page. */
    injected: [],
    accounts: accounts,
    /** How long an approval takes to be mined (ms). */
    approvalMinedMs: 400,
    /** Whether the app sets the address of a chain the user picked (`swap-input`). */
    followsInput: true,
    /**
     * The user's answer to a signing sheet: 'sign', 'reject', 'hold' (signs, and the
     * renderer is killed before the app answers: the app answers after the reload) or
     * 'ignore' (never answers). A function of the message; may return a promise.
     */
    user: function (message) {
      return sheet.ask(message);
    },
    /** Signs and sends a hand-out; resolves with the transaction's hash. Tests replace it. */
    send: function (message) {
      var bytes = crypto.getRandomValues(new Uint8Array(32));
      var hex = Array.prototype.map
        .call(bytes, function (b) {
          return b.toString(16).padStart(2, '0');
        })
        .join('');
      var evm = message.type === 'swap-tx' ? message.detail.family === 'evm' : EVM.indexOf(message.detail.chain) >= 0;
      return Promise.resolve(evm ? '0x' + hex : hex);
    },
    /** Signing sheets open now, by `quoteId/routeIndex`. */
    open: {},
  };
  window.nativeSide = native;

  // ---- the platform: the bridge object, delivering asynchronously as a real bridge does ----

  function receive(data) {
    native.raw.push(data);
    native.receivedAt.push(Date.now());
    setTimeout(function () {
      onMessage(data);
    });
  }
  if (platform === 'react-native') {
    window.ReactNativeWebView = { postMessage: receive };
  } else {
    window.webkit = { messageHandlers: { swapWidget: { postMessage: receive } } };
  }

  /** React Native: webViewRef.current.injectJavaScript(code); WKWebView: webView.evaluateJavaScript(code). */
  function injectJavaScript(code) {
    native.injected.push(code);
    (0, eval)(code);
  }

  /**
   * The widget a message came from: the one with its `id` (a page may hold several), else the
   * page's only <swap-widget>.
   */
  function widget(id) {
    return id ? 'document.getElementById(' + JSON.stringify(id) + ')' : "document.querySelector('swap-widget')";
  }

  /** Calls a method of the <swap-widget> a message came from (its `id`), the way native code does. */
  function call(method, args, id) {
    injectJavaScript(
      widget(id) +
        '.' +
        method +
        '(' +
        (args || [])
          .map(function (a) {
            return JSON.stringify(a);
          })
          .join(', ') +
        '); true;',
    );
  }
  native.call = call;

  // Without `host-signs`, an app must cancel swap-tx and swap-memo itself, or the widget
  // turns to a browser wallet (EVM) or its own memo flow: these are the lines it injects
  // before the page's scripts run (React Native: injectedJavaScriptBeforeContentLoaded;
  // WKWebView: a WKUserScript at .atDocumentStart). With `host-signs`, none is needed.
  if (params.get('cancel') === '1') {
    native.injected.push('cancel swap-tx and swap-memo');
    ['swap-tx', 'swap-memo'].forEach(function (type) {
      document.addEventListener(
        type,
        function (e) {
          e.preventDefault();
        },
        true,
      );
    });
  }

  // ---- the app's native code: the few lines a wallet writes ----

  function onMessage(data) {
    var message = JSON.parse(data);
    native.messages.push(message);
    var detail = message.detail;
    switch (message.type) {
      case 'swap-tx': // sign detail.tx (detail.family: evm, solana, cosmos); detail.review for the sheet
      case 'swap-memo': // send detail.amount of detail.asset to detail.address with detail.memo ('' for a deposit channel)
        return sign(message);
      case 'swap-revoke': // expired, request-changed or rejected: close the sheet, sign nothing
        return close(detail);
      case 'swap-input': // the user picked another pair: lock-addresses waits for the app's addresses
        return follow(detail, message.id);
      case 'swap-status': // detail.status, detail.final: show progress; outboundHash, refund when done
        return;
    }
  }

  // Each hand-out has an id of its own: an approval and the swap after it, or two sheets of one
  // quote, are told apart by it.
  function key(detail) {
    return detail.handoutId;
  }

  function sign(message) {
    var detail = message.detail;
    var entry = { message: message, closed: false };
    native.open[key(detail)] = entry;
    return Promise.resolve(native.user(message)).then(function (answer) {
      if (entry.closed) return; // revoked while the sheet was open
      if (answer === 'ignore') return;
      if (answer === 'reject') {
        delete native.open[key(detail)];
        return call('rejected', [], message.id);
      }
      return native.send(message).then(function (hash) {
        if (entry.closed) return;
        delete native.open[key(detail)];
        if (answer === 'hold') {
          // Sent, but the renderer dies before the app answers: the app keeps the hash.
          var memory = recall();
          memory.held.push({
            hash: hash,
            type: message.type,
            kind: detail.kind || 'memo',
            handoutId: detail.handoutId,
            id: message.id,
          });
          return remember(memory);
        }
        if (message.type === 'swap-tx' && detail.kind === 'approve') {
          // approved() ignores its hash: wait until the approval is mined, so the swap's gas
          // is estimated against the new allowance.
          return new Promise(function (resolve) {
            setTimeout(resolve, native.approvalMinedMs);
          }).then(function () {
            call('approved', [hash], message.id);
          });
        }
        call('track', [hash, { handoutId: detail.handoutId }], message.id);
      });
    });
  }

  function close(detail) {
    var entry = native.open[key(detail)];
    if (entry) entry.closed = true;
    delete native.open[key(detail)];
    sheet.close(detail);
  }

  function follow(detail, id) {
    if (!native.followsInput) return;
    var pairs = [
      ['sellAsset', 'sourceAddress', 'source-address'],
      ['buyAsset', 'destinationAddress', 'destination-address'],
    ];
    pairs.forEach(function (p) {
      var chain = String(detail[p[0]] || '').split('.')[0];
      var account = native.accounts[chain];
      if (account && account !== detail[p[1]]) {
        injectJavaScript(widget(id) + ".setAttribute('" + p[2] + "', " + JSON.stringify(account) + '); true;');
      }
    });
  }

  // After a reload (the renderer was killed while the signing sheet was open), the app
  // reports what it sent meanwhile as soon as it can: at the document's end, where React
  // Native's `injectedJavaScript` and a WKUserScript injected `.atDocumentEnd` run (before
  // the widget has even started).
  document.addEventListener('DOMContentLoaded', function () {
    var memory = recall();
    var held = memory.held.filter(function (h) {
      return h.kind !== 'approve';
    });
    memory.held = [];
    remember(memory);
    held.forEach(function (h) {
      call('track', [h.hash, { handoutId: h.handoutId }], h.id);
    });
  });

  // ---- the signing sheet (native UI in a real app), for people trying the example ----

  var sheet = {
    ask: function (message) {
      var detail = message.detail;
      // What is signed, from the parts the widget decoded and checked (detail.review), never the service's words.
      var r = detail.review;
      var s = detail.summary || {};
      return new Promise(function (resolve) {
        var box = document.createElement('div');
        box.className = 'native-sheet';
        box.dataset.key = key(detail);
        box.setAttribute(
          'style',
          'position:fixed;left:0;right:0;bottom:0;padding:12px;background:#1b1f27;color:#fff;font:14px system-ui;',
        );
        var what =
          message.type === 'swap-tx' && detail.kind === 'approve'
            ? 'Approve ' +
              s.spender +
              ' to spend ' +
              s.approveAmount +
              ' ' +
              s.sellAsset +
              (s.approveAmount === '0' ? ' (a reset to zero first)' : '')
            : 'Send ' +
              r.from.amount +
              ' ' +
              r.from.asset +
              ' to ' +
              r.to.name +
              ' (' +
              r.to.role +
              ' ' +
              r.to.address +
              '); receive at least ' +
              r.receive.minimum +
              ' ' +
              r.receive.asset +
              ' at ' +
              r.receive.address +
              (r.memo ? '; memo ' + r.memo.text : '') +
              (r.affiliate ? '; ' + r.affiliate.name + ' takes ' + r.affiliate.bps + ' bps' : '') +
              (r.warnings.length ? '; warnings: ' + r.warnings.join(', ') : '');
        var text = document.createElement('p');
        text.textContent = '[' + native.platform + '] ' + what;
        box.appendChild(text);
        [
          ['Sign', 'sign'],
          ['Decline', 'reject'],
        ].forEach(function (b) {
          var button = document.createElement('button');
          button.type = 'button';
          button.textContent = b[0];
          button.addEventListener('click', function () {
            box.remove();
            resolve(b[1]);
          });
          box.appendChild(button);
        });
        document.body.appendChild(box);
      });
    },
    close: function (detail) {
      var box = document.querySelector('.native-sheet[data-key="' + key(detail) + '"]');
      if (box) box.remove();
    },
  };
})();
