/**
 * Node's arguments that start the server (edge-api/src/node.ts), for every launcher: `npm start`,
 * the test stack, the API server of the E2E and benchmark runs. The server's own flags
 * (`--api-only`) go after them.
 *
 * `--max-semi-space-size=32` (MiB): V8's young generation may grow to 32 MiB per semi-space
 * instead of Node 20's 16. Each request allocates short-lived objects (its context, headers,
 * the parsed body, the rows read); with the larger nursery the scavenger runs half as often and
 * far fewer of them live long enough to be copied. At figure 5's load (200 connections placing
 * orders) the server spent about a tenth less CPU per order, for at most 48 MiB more memory (the
 * young generation is three semi-spaces: bench/README.md §5;
 * https://nodejs.org/api/cli.html#--max-semi-space-sizesize-in-mib).
 */
export const NODE_SERVER_ARGS: readonly string[] = [
  '--max-semi-space-size=32',
  '--import',
  'tsx',
  'edge-api/src/node.ts',
];
