# syntax=docker/dockerfile:1
# Production image of the platform: one API process (website, console and API on one port), the
# same program `npm run cluster` starts N times behind HAProxy. deploy/compose.yaml runs three of
# them with HAProxy, PostgreSQL, Redis and MinIO. Decision 0126. CI does not build it (no image
# registry there); `docker build -t avatar-party .` where one is reachable.
ARG NODE_IMAGE=node:24-slim

# Every workspace's package.json: `npm ci` installs from the lock file, which names them all.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY packages/contract/package.json packages/contract/
COPY packages/api-client/package.json packages/api-client/
COPY packages/labels/package.json packages/labels/
COPY packages/outfit-format/package.json packages/outfit-format/
COPY packages/outfit-preview/package.json packages/outfit-preview/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# Build: all dependencies, then the website (with its prerendered pages), the console and the server.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
ARG BUILD_VARIANT=production
RUN BUILD_VARIANT=${BUILD_VARIANT} npm run build

# Production dependencies of the server alone (the workspace packages are bundled into its dist).
FROM manifests AS deps
RUN npm ci --omit=dev --workspace @vsp/server --ignore-scripts --no-audit --no-fund \
  && mkdir -p apps/server/node_modules \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
COPY --from=build /app/apps/console/dist apps/console/dist
# Mail without SMTP_URL lands in DATA_DIR/outbox; nothing else is written with PostgreSQL and S3.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# On SIGTERM the process drains: /healthz answers 503 until the balancer has seen it, then closes.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
