/**
 * `npm start` / `npm run serve`: the demo page, the built widget and the reference service.
 * Environment: PORT (default 8000), HOST (default: loopback, IPv4 and IPv6),
 * REF_TIME_SCALE (how fast tracked swaps advance, default 1).
 */
import { startDemoServer } from './http.js';

const port = Number(process.env.PORT ?? 8000);
const host = process.env.HOST || undefined;
const timeScale = Number(process.env.REF_TIME_SCALE ?? 1);

const server = await startDemoServer({
  port: Number.isInteger(port) && port >= 0 ? port : 8000,
  ...(host ? { host } : {}),
  service: { timeScale: timeScale > 0 ? timeScale : 1 },
});
console.log(`swap-widget demo and reference service: ${server.url}`);
console.log(`  API: ${server.url}/v1/tokens   control: ${server.url}/__ref/control`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
