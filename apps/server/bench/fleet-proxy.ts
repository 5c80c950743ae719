/**
 * The fleet bench's proxy in a process of its own (so its CPU is its own, apart from the load
 * generator's): the test's round-robin proxy over the addresses given, with kept-alive
 * connections to them. Prints its address as one line, then serves until killed.
 */
import { startProxy } from '../test/fleet/round-robin-proxy';

const proxy = await startProxy(process.argv.slice(2), { keepAlive: true });
console.log(proxy.url);
process.on('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
