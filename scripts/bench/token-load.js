#!/usr/bin/env node
'use strict';
/**
 * The token-endpoint load of `npm run bench` (scripts/bench/token.js), in a child process so that it
 * does not share the server's event loop. The same code loads both servers.
 *
 * Input (JSON on stdin): { url, host, clientId, tokens: [refresh token per connection], warmupMs, durationMs,
 * fixed? }. With `fixed` ({ body, status }) each connection posts that body again and again and expects
 * that status (the endpoint without the refresh work); `tokens` then only gives the number of connections.
 * One loop per token, each on its own keep-alive connection: POST grant_type=refresh_token with the
 * loop's current refresh token, then continue with the refresh token of the answer (rotation). Requests
 * that finish during the warm-up are not counted. A non-200 answer (or a 200 without a new refresh
 * token) is a failure: the loop stops there, since its token is then unknown.
 * Output (JSON on stdout): { tokens, requests, seconds, rps, p50, p99, max, failures, failureSamples, total
 * (requests with the warm-up), clientCpuMs (this process's CPU time, warm-up included) }.
 */
const http = require('node:http');

function post(agent, target, host, body) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path: target.pathname,
        agent,
        headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), accept: 'application/json' },
      },
      (res) => {
        let b = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (b += d));
        res.on('end', () => resolve({ status: res.statusCode, body: b, ms: Number(process.hrtime.bigint() - t0) / 1e6, end: process.hrtime.bigint() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] : null);

async function main() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const { url, host, clientId, tokens, warmupMs, durationMs, fixed } = JSON.parse(input);
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const start = process.hrtime.bigint();
  const from = start + BigInt(Math.round(warmupMs * 1e6));
  const until = from + BigInt(Math.round(durationMs * 1e6));
  const cpu0 = process.cpuUsage();
  let total = 0; // warm-up included
  const latencies = [];
  const failureSamples = [];
  let failures = 0;
  const current = [...tokens];
  await Promise.all(
    current.map(async (_, i) => {
      while (process.hrtime.bigint() < until) {
        const body = fixed ? fixed.body : new URLSearchParams({ grant_type: 'refresh_token', refresh_token: current[i], client_id: clientId }).toString();
        let r;
        try {
          r = await post(agent, target, host, body);
        } catch (e) {
          failures++;
          failureSamples.push(`connection ${i}: ${e.message}`);
          return;
        }
        if (fixed) {
          if (r.status !== fixed.status) {
            failures++;
            if (failureSamples.length < 5) failureSamples.push(`connection ${i}: ${r.status} ${r.body.slice(0, 200)}`);
            return;
          }
          total++;
          if (r.end >= from && r.end < until) latencies.push(r.ms);
          continue;
        }
        let next = null;
        if (r.status === 200) {
          try {
            next = JSON.parse(r.body).refresh_token;
          } catch {
            next = null;
          }
        }
        if (typeof next !== 'string' || !next || next === current[i]) {
          failures++;
          if (failureSamples.length < 5) failureSamples.push(`connection ${i}: ${r.status} ${r.body.slice(0, 200)}`);
          current[i] = null;
          return;
        }
        current[i] = next;
        total++;
        if (r.end >= from && r.end < until) latencies.push(r.ms);
      }
    }),
  );
  agent.destroy();
  const cpu = process.cpuUsage(cpu0);
  const seconds = durationMs / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const out = {
    tokens: current,
    requests: sorted.length,
    seconds,
    rps: sorted.length / seconds,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : null,
    failures,
    failureSamples,
    total,
    clientCpuMs: (cpu.user + cpu.system) / 1000,
  };
  process.stdout.write(JSON.stringify(out));
}

main().catch((e) => {
  process.stderr.write(`token load failed: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
