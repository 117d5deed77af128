# app-portal container image (docs/deploy.md, "Container"; decision 0021).
#
#   npm run image                      # or: docker build -t app-portal .
#   docker run -p 8080:8080 -v portal-data:/data --read-only --tmpfs /tmp --cap-drop=ALL app-portal
#
# NODE_IMAGE names the Node.js base: the official slim image of a supported LTS line, 24 (the
# default, the line `npm test` runs on) or 22 (22.12 or newer, the oldest `engines` allows), Debian
# with npm. A site's own base built the same way (Node.js in /usr/local, npm, a Debian userland)
# works too; `npm run test:container` builds the image on a locally made stand-in, since no
# registry can be reached where it runs.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: dev dependencies, compiler for better-sqlite3, the production build ----
FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles its native module when no prebuilt binary can be fetched; the headers
# come with Node.js itself (/usr/local/include/node), so nothing is downloaded for them.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
WORKDIR /app
COPY package.json package-lock.json ./
# Exactly what the lock file pins; the cache lives in a throw-away folder, never in a layer.
RUN npm ci --cache /tmp/npm-cache && rm -rf /tmp/npm-cache
COPY tsconfig.json tsconfig.build.json vite.config.ts index.html ./
COPY scripts/clean.mjs scripts/clean.mjs
# The build's stylesheet split (vite.config.ts imports it).
COPY scripts/lib/first-screen-css.mjs scripts/lib/first-screen-css.mjs
COPY public public
COPY catalog catalog
COPY locales locales
COPY src src
RUN NODE_ENV=production npm run build
# Production dependencies only, with the native module built above kept (and nothing else of
# its build: objects and the SQLite sources are 25 MB).
RUN npm prune --omit=dev --cache /tmp/npm-cache && rm -rf /tmp/npm-cache \
 && cd node_modules/better-sqlite3 \
 && mv build/Release/better_sqlite3.node /tmp/ \
 && rm -rf build deps src \
 && mkdir -p build/Release \
 && mv /tmp/better_sqlite3.node build/Release/

# ---- runtime: no compiler, no npm cache, no sources ----
FROM ${NODE_IMAGE} AS runtime
ARG VERSION=0.0.0
ARG SOURCE=
ARG REVISION=unknown
LABEL org.opencontainers.image.title="app-portal" \
      org.opencontainers.image.description="An application portal (launcher) for research groups" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.licenses="MIT"
# A user of its own (numeric, so that Kubernetes' runAsNonRoot can check it), and /data owned by
# it: a new named volume takes the folder's owner and mode.
RUN groupadd --system --gid 10001 portal \
 && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home \
      --shell /usr/sbin/nologin portal \
 && mkdir -p /data \
 && chown 10001:10001 /data \
 && chmod 0700 /data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/catalog ./catalog
COPY --from=build /app/locales ./locales
COPY --from=build /app/dist ./dist
# Listen on every interface of the container; the demo identity provider refuses production.
# MALLOC_ARENA_MAX: as scripts/lib/server-flags.mjs's SERVER_ENV (memory at rest).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
USER 10001:10001
VOLUME ["/data"]
EXPOSE 8080
# Node itself (slim images have no curl); PORT may be changed at run time.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (graceful close, exit 0); no shell in between.
STOPSIGNAL SIGTERM
# The flags of scripts/lib/server-flags.mjs (the young generation's ceiling; the idle collector).
CMD ["node", "--max-semi-space-size=2", "--expose-gc", "dist/server/main.js"]
