#!/usr/bin/env node
/*
 * A tiny verifying webhook receiver (docs/webhooks.md). No dependencies:
 *   WEBHOOK_SIGNING_KEY=whsec_... PORT=8080 node examples/webhook-receiver.js
 * It reads the raw body, checks X-Service-Signature (HMAC-SHA256 keyed with the signing key's
 * UTF-8 bytes) and the Standard Webhooks headers (webhook-id, webhook-timestamp within 5 minutes,
 * webhook-signature), both in constant time, BEFORE parsing the JSON; 401 on a mismatch.
 * The e2e tests (test/e2e/webhooks/webhooks.e2e-spec.ts) use `createReceiver` from this file.
 */
'use strict';
const http = require('node:http');
const { createHmac, timingSafeEqual } = require('node:crypto');

function safeEqual(a, b) {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** X-Service-Signature: `sha256=` + lowercase hex HMAC-SHA256 of the raw body, keyed with the key's UTF-8 bytes. */
function verifyServiceSignature(key, rawBody, header) {
  const expected = 'sha256=' + createHmac('sha256', Buffer.from(key, 'utf8')).update(rawBody).digest('hex');
  return typeof header === 'string' && safeEqual(expected, header);
}

/** Standard Webhooks: HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed with base64-decoded key after `whsec_`. */
function verifyStandardWebhook(key, rawBody, headers, toleranceSeconds = 300, now = Date.now()) {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const sigs = headers['webhook-signature'];
  if (!id || !ts || !sigs) return false;
  if (!/^\d+$/.test(ts) || Math.abs(now / 1000 - Number(ts)) > toleranceSeconds) return false; // replay window
  const secret = Buffer.from(key.replace(/^whsec_/, ''), 'base64');
  const expected = 'v1,' + createHmac('sha256', secret).update(`${id}.${ts}.`).update(rawBody).digest('base64');
  return sigs.split(' ').some((s) => safeEqual(s, expected));
}

/**
 * A receiver: `handle(req, rawBody)` decides the answer ({status, body} or null = never answer).
 * Calls `onDelivery({headers, raw, json, verified})` for each request.
 */
function createReceiver({ key = () => process.env.WEBHOOK_SIGNING_KEY, onDelivery = () => {}, handle } = {}) {
  return http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const k = key(req);
      const verified = k ? verifyServiceSignature(k, raw, req.headers['x-service-signature']) && verifyStandardWebhook(k, raw, req.headers) : false;
      let json = null;
      if (verified || !k) {
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          /* not JSON */
        }
      }
      onDelivery({ path: req.url, headers: req.headers, raw, json, verified, at: Date.now() });
      const answer = handle ? handle(req, raw) : { status: verified ? 200 : 401, body: verified ? 'ok' : 'bad signature' };
      if (!answer) return; // hang
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
    });
  });
}

module.exports = { createReceiver, verifyServiceSignature, verifyStandardWebhook };

if (require.main === module) {
  const port = Number(process.env.PORT || 8080);
  createReceiver({
    onDelivery: (d) => console.log(d.verified ? 'verified' : 'REJECTED', d.headers['x-service-event'], d.json ? d.json.title : ''),
  }).listen(port, () => console.log(`listening on :${port}`));
}
