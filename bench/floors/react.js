// The bare React floor of the bench's cold load: a React 19 root rendering one button. Built
// by bench/floors/build.js with esbuild (production React, minified) into
// bench/results/build/floor-react.js.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(createElement('button', { type: 'button' }, 'Swap'));
