// The server as deploy/ runs it (scripts/compile-server.mjs), for the memory benchmark.
export { compileServer as compiledServer } from '../../scripts/compile-server.mjs';
