// <swap-widget> in React 19, with no wrapper: React 19 sets a prop as a DOM *property* when
// the element has a property of that name (`affiliateFee={30}` stays the number 30), and a
// prop named `on` + event name (`onswap-quote`) becomes addEventListener('swap-quote', ...).
//
// Import the widget before React renders: React decides property-or-attribute with
// `name in element`, which is only true once <swap-widget> is defined. A prop set on an
// element that is not defined yet becomes an attribute (`affiliatefee="30"`), which the
// widget does not read.
//
// Built by scripts/build-frameworks.js into demo/frameworks/dist/react.html; the query string
// passes the service's scope (`?key=`) and the first fee (`?fee=`).
import 'swap-widget';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(location.search);

/** What the React handlers received, for the test suite (and the curious reader). */
window.frameworkEvents = [];

function App() {
  const [fee, setFee] = useState(Number(params.get('fee') ?? 30));
  const [routes, setRoutes] = useState([]);
  const [error, setError] = useState('');

  function handleQuote(e) {
    window.frameworkEvents.push({ type: e.type, quoteId: e.detail.quoteId, routes: e.detail.routes.length });
    setRoutes(e.detail.routes);
    setError('');
  }

  function handleError(e) {
    window.frameworkEvents.push({ type: e.type, code: e.detail.code, field: e.detail.field });
    setError(`${e.detail.code}: ${e.detail.message}`);
  }

  return (
    <main>
      <h1>React {fee} bps</h1>
      <swap-widget
        apiKey={params.get('key') ?? undefined}
        affiliate="abc"
        affiliateFee={fee}
        providers="PROTOCOL_A"
        sellAsset="BTC.BTC"
        buyAsset="ETH.ETH"
        sellAmount="0.1"
        destinationAddress="0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"
        onswap-quote={handleQuote}
        onswap-error={handleError}
      ></swap-widget>
      <p>
        <output id="route-count">{routes.length}</output> routes {error && <span id="error">{error}</span>}
      </p>
      <button id="raise-fee" type="button" onClick={() => setFee((f) => f + 10)}>
        Raise the fee by 10 bps
      </button>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
