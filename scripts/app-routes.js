// The web app's addresses as its features declare them (`path: '/…'` in web/src/features/<kind>/routes.tsx). The Vite
// build writes them to web/dist/app-routes.json (web/vite.config.mts), and the service answers the app at exactly those
// (src/interfaces/web/app-shell.ts): a feature adds a screen without a list on the server to edit.
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const FEATURES = join(__dirname, '..', 'web', 'src', 'features');

/** Every route path the features declare, feature by feature; a path that is no string literal stops the build. */
function declaredRoutes(featuresDir = FEATURES) {
  const out = [];
  for (const feature of readdirSync(featuresDir).sort()) {
    const file = join(featuresDir, feature, 'routes.tsx');
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const literal = [...text.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]);
    if ((text.match(/\bpath:/g) ?? []).length !== literal.length) {
      throw new Error(`${file}: a route's path must be a string literal ('/…'), which the build lists for the service`);
    }
    out.push(...literal);
  }
  return out;
}

module.exports = { declaredRoutes, FEATURES };
