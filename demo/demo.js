// The demo page's log of the widget's public events.
const widget = document.getElementById('widget');
const log = document.getElementById('log');
const EVENTS = ['swap-quote', 'swap-route', 'swap-tx', 'swap-memo', 'swap-status', 'swap-error'];

function summary(type, detail) {
  switch (type) {
    case 'swap-quote':
      return `${detail.routes.length} routes, quote ${detail.quoteId}`;
    case 'swap-route':
      return `route ${detail.routeIndex}: ${detail.route.providers.join(' + ')}`;
    case 'swap-error':
      return `${detail.code}${detail.field ? ` (${detail.field})` : ''}: ${detail.message}`;
    case 'swap-status':
      return `${detail.status}${detail.final ? ' (final)' : ''}`;
    default:
      return '';
  }
}

for (const type of EVENTS) {
  widget.addEventListener(type, (event) => {
    const item = document.createElement('li');
    const time = new Date().toLocaleTimeString();
    const head = document.createElement('strong');
    head.textContent = `${time} ${type}`;
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
document.getElementById('clear-log').addEventListener('click', () => log.replaceChildren());
