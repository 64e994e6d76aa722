# syntax=docker/dockerfile:1
# The image is the product: the service and the web app it serves at `/`. `npm run check:prod-tree` (run by CI)
# builds and starts the same tree as the last stage holds, since no container engine runs where CI does.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY src ./src
COPY web ./web
COPY client ./client
COPY scripts ./scripts
RUN npm run build && npm run build:web && npm prune --omit=dev

FROM node:24-bookworm-slim
# production: no demo workspace on first start (SEED_DEMO=1 to have one); create workspaces with the CLI
ENV NODE_ENV=production DATA_DIR=/app/data PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/web/dist ./web/dist
COPY --chown=node:node package.json ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# the server applies pending migrations before it opens the port; the heap flags are npm start's (a young generation
# of 16 MB semi-spaces and the old space grown 15 % past what a full GC kept: docs/decisions/deployment-and-runtime.md)
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=15", "dist/src/main.js"]
