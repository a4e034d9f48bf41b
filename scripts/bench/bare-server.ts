/**
 * The reference for API throughput (bench/README.md §4): plain `node:http` answering every
 * request with the catalogue's bytes and the API's own response headers (HEADERS, JSON pairs),
 * or 304 for a matching If-None-Match. Nothing else — no routing, no middleware, no database.
 * PORT, BODY_FILE and HEADERS from the env.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BODY_FILE ?? '');
const headers = (JSON.parse(process.env.HEADERS ?? '[]') as Array<[string, string]>).filter(
  ([name]) => name !== 'content-length',
);
const notModified = headers.filter(([name]) => name !== 'content-type');
const etag = headers.find(([name]) => name === 'etag')?.[1];

createServer((req, res) => {
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, notModified);
    res.end();
    return;
  }
  res.writeHead(200, [...headers, ['content-length', String(body.length)]]);
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
