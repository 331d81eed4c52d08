// The playground: attributes edited live on the first widget, and a log of every public
// event of both widgets.
const widget = document.getElementById('widget');
const themed = document.getElementById('themed');
const log = document.getElementById('log');
// SwapKit's dialect (its current API, at `/swapkit/` of the reference service: two steps, SwapKit's
// names and shapes) is chosen for the page and kept in this browser; the spec's and the real
// dialect are a scope option of the service (below).
const DIALECT_KEY = 'swap-widget-playground-dialect';
const swapKit = localStorage.getItem(DIALECT_KEY) === 'swapkit';
if (swapKit) {
  for (const el of [widget, themed]) {
    el.setAttribute('api-url', '/swapkit');
    el.setAttribute('api-dialect', 'swapkit');
  }
}
const EVENTS = ['swap-quote', 'swap-route', 'swap-tx', 'swap-memo', 'swap-status', 'swap-error', 'swap-revoke'];

const ATTRIBUTES = [
  ['sell-asset', 'text'],
  ['buy-asset', 'text'],
  ['sell-amount', 'text'],
  ['slippage', 'text'],
  ['affiliate', 'text'],
  ['affiliate-fee', 'text'],
  ['affiliate-addresses', 'text'],
  ['source-address', 'text'],
  ['destination-address', 'text'],
  ['providers', 'text'],
  ['theme', ['auto', 'light', 'dark']],
  // Every language's file is on the page (see index.html).
  ['locale', ['', 'en', 'es', 'zh-CN', 'ar']],
  ['lock-addresses', 'checkbox'],
  ['bridge', 'checkbox'],
  ['api-url', 'text'],
  ['api-dialect', ['', 'spec', 'swapkit']],
  ['api-key', 'text'],
  ['cosmos-rest', 'text'],
  // The memo protocols' nodes: the reference service stands in for both (`off` skips the check).
  ['thornode-url', 'text'],
  ['mayanode-url', 'text'],
  ['rpc-urls', 'text'],
];

// ?test-wallets: a Wallet Standard Solana wallet and a Keplr-style Cosmos wallet are injected
// (test/wallets/, real keys, simulated chains), and Cosmos accounts are read from the reference
// service; the wallet button of the form lists them.
const testWallets = new URLSearchParams(location.search).has('test-wallets');
// Token decimals the widget's own table does not hold are read from the reference service's
// stand-in nodes (as a page would name real RPC endpoints).
widget.setAttribute(
  'rpc-urls',
  ['ETH', 'ARB', 'BASE', 'BSC', 'AVAX', 'OP', 'MATIC', 'SOL'].map((c) => `${c}=/__ref/rpc/${c}`).join(','),
);
if (testWallets) {
  widget.setAttribute('cosmos-rest', ['THOR', 'MAYA', 'GAIA', 'KUJI'].map((c) => `${c}=/__ref/cosmos/${c}`).join(','));
  await import('/demo/test-wallets.js');
}
const walletsToggle = document.getElementById('test-wallets');
walletsToggle.checked = testWallets;
walletsToggle.addEventListener('change', () => {
  const url = new URL(location.href);
  if (walletsToggle.checked) url.searchParams.set('test-wallets', '');
  else url.searchParams.delete('test-wallets');
  location.assign(url);
});
for (const button of document.querySelectorAll('[data-preset]')) {
  button.addEventListener('click', () => {
    const [sell, buy, amount, providers, destination] = button.dataset.preset.split(' ');
    for (const [name, value] of [
      ['sell-asset', sell],
      ['buy-asset', buy],
      ['sell-amount', amount],
      ['providers', providers],
      ['destination-address', destination],
    ]) {
      if (value) widget.setAttribute(name, value);
      else widget.removeAttribute(name);
      const input = document.querySelector(`#attrs [name="${name}"]`);
      if (input) input.value = value;
    }
    widget.removeAttribute('source-address');
    document.querySelector('#attrs [name="source-address"]').value = '';
  });
}

const form = document.getElementById('attrs');
for (const [name, kind] of ATTRIBUTES) {
  const label = document.createElement('label');
  const text = document.createElement('span');
  text.textContent = name;
  let input;
  if (Array.isArray(kind)) {
    input = document.createElement('select');
    for (const v of kind) input.append(new Option(v || '(browser)', v));
    input.value = widget.getAttribute(name) ?? kind[0];
  } else {
    input = document.createElement('input');
    input.type = kind;
    if (kind === 'checkbox') input.checked = widget.hasAttribute(name);
    else input.value = widget.getAttribute(name) ?? '';
    input.spellcheck = false;
  }
  input.name = name;
  input.addEventListener(kind === 'text' ? 'change' : 'input', () => {
    if (input.type === 'checkbox') widget.toggleAttribute(name, input.checked);
    else if (input.value === '') widget.removeAttribute(name);
    else widget.setAttribute(name, input.value);
  });
  label.append(text, input);
  form.append(label);
}

function summary(type, detail) {
  switch (type) {
    case 'swap-quote':
      return `${detail.routes.length} routes, quote ${detail.quoteId}`;
    case 'swap-route':
      return `route ${detail.routeIndex}: ${detail.route.providers.join(' + ')}`;
    case 'swap-tx':
      return detail.family === 'evm'
        ? `${detail.kind} on ${detail.chain} to ${detail.tx.to}`
        : `${detail.family} ${detail.kind} on ${detail.chain} from ${detail.tx.from}`;
    case 'swap-memo':
      return `${detail.amount} ${detail.asset} to ${detail.address}${detail.memo ? ` with memo ${detail.memo}` : ''}`;
    case 'swap-error':
      return `${detail.code}${detail.field ? ` (${detail.field})` : ''}: ${detail.message}`;
    case 'swap-status':
      return `${detail.status}${detail.final ? ' (final)' : ''}`;
    default:
      return '';
  }
}

for (const el of [widget, themed]) {
  for (const type of EVENTS) {
    el.addEventListener(type, (event) => {
      const item = document.createElement('li');
      const head = document.createElement('strong');
      head.textContent = `${new Date().toLocaleTimeString()} #${el.id} ${type}`;
      const text = document.createElement('span');
      text.textContent = ` ${summary(type, event.detail)}`;
      const details = document.createElement('details');
      const sum = document.createElement('summary');
      sum.textContent = 'detail';
      const pre = document.createElement('pre');
      pre.textContent = JSON.stringify(event.detail, null, 2);
      details.append(sum, pre);
      item.append(head, text, details);
      log.prepend(item);
    });
  }
}
document.getElementById('clear-log').addEventListener('click', () => log.replaceChildren());

for (const button of document.querySelectorAll('[data-fault]')) {
  button.addEventListener('click', async () => {
    await fetch('/__ref/control', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        scope: widget.getAttribute('api-key') ?? '',
        faults: [{ kind: button.dataset.fault, path: button.dataset.path, times: Number(button.dataset.times ?? 1) }],
      }),
    });
    if (button.dataset.path === '/v1/quote') widget.refresh();
  });
}

// The reference service answers each widget's scope (its api-key) in the dialect chosen: the
// spec's neutral names and shapes, or the real service's names and token shape.
const dialect = document.getElementById('dialect');
dialect.addEventListener('change', async () => {
  if (dialect.value === 'swapkit') localStorage.setItem(DIALECT_KEY, 'swapkit');
  else localStorage.removeItem(DIALECT_KEY);
  for (const el of [widget, themed]) {
    await fetch('/__ref/control', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        scope: el.getAttribute('api-key') ?? '',
        dialect: dialect.value === 'swapkit' ? 'spec' : dialect.value,
      }),
    });
  }
  // Everything (token lists, providers, routes) is asked for again in the new dialect.
  location.reload();
});
fetch('/__ref/control?scope=playground')
  .then((r) => r.json())
  .then((state) => (dialect.value = swapKit ? 'swapkit' : (state.dialect ?? 'spec')))
  .catch(() => undefined);

document.getElementById('hash').addEventListener('click', () => {
  const hex = [...crypto.getRandomValues(new Uint8Array(31))].map((b) => b.toString(16).padStart(2, '0')).join('');
  document.getElementById('hash-out').textContent = `0c${hex}`;
});
