# syntax=docker/dockerfile:1
# Multi-stage build. The runtime stage ships what runs and nothing else: Next's standalone output,
# the production dependencies (no embedded-postgres, Playwright, Lighthouse or other devDependencies)
# and the Prisma CLI with its own native schema engine for `migrate deploy`.
# `npm run image:files` lists what the runtime stage copies and its size (docker build is not
# available on every machine that changes this file).

# The whole tree, for the build.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
COPY tooling ./tooling
RUN npm ci

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx prisma generate && npx next build

# Production dependencies only, plus the Prisma CLI (a devDependency) for migrations. The image is
# built with network access, so Prisma's own schema engine is fetched here, once, by its CLI; the
# in-repo stand-in (tooling/prisma-offline-engine) exists for build machines without that access
# and is not shipped.
FROM node:20-bookworm-slim AS runtime-deps
WORKDIR /app
ENV PRISMA_USE_NATIVE_ENGINE=1
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY prisma/schema.prisma ./prisma/schema.prisma
# No install scripts: the only production one is the project's own `prisma generate`, whose client
# is already compiled into the standalone build. Next's compiler binaries (@next/swc-*) never run
# in production and are the largest package left, so they go.
RUN npm ci --omit=dev --ignore-scripts \
  && npm install --no-save --omit=dev --ignore-scripts "prisma@$(node -p "require('./package-lock.json').packages['node_modules/prisma'].version")" \
  && rm -rf node_modules/@next/swc-* \
  && node_modules/.bin/prisma migrate diff --from-empty --to-schema prisma/schema.prisma --script > /dev/null

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
# DEMO_MODE stays unset: a deployment has no demo seed and no "Seed demo data" card.
# Behind a reverse proxy, set TRUSTED_PROXIES (docs/configuration.md).
# PRISMA_USE_NATIVE_ENGINE=1: migrations run with Prisma's own engine (prisma.config.ts).
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 PRISMA_USE_NATIVE_ENGINE=1
RUN groupadd --system app && useradd --system --gid app --home /app app
# The standalone server (with the files it traces), static assets, and what `prisma migrate deploy`
# and the job queue's migration read.
COPY --from=build --chown=app:app /app/.next/standalone ./
COPY --from=build --chown=app:app /app/.next/static ./.next/static
COPY --from=build --chown=app:app /app/public ./public
COPY --from=build --chown=app:app /app/prisma/schema.prisma ./prisma/schema.prisma
COPY --from=build --chown=app:app /app/prisma/migrations ./prisma/migrations
COPY --from=build --chown=app:app /app/prisma.config.ts ./prisma.config.ts
COPY --from=build --chown=app:app /app/scripts/server.mjs ./scripts/server.mjs
COPY --from=build --chown=app:app /app/scripts/lib/job-queue.mjs ./scripts/lib/job-queue.mjs
COPY --from=runtime-deps --chown=app:app /app/node_modules ./node_modules
USER app
EXPOSE 3000
# Liveness (the process answers; no database): an orchestrator that replaces unhealthy
# containers must not restart every app while PostgreSQL is away. Readiness is /api/ready.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations first (the app's, then the job queue's own schema), then the server (scripts/server.mjs:
# request logs, graceful shutdown) around the standalone build in /app.
# `exec`: the server is PID 1's replacement and gets SIGTERM itself (it drains for up to 25 s, so
# give `docker stop` a longer grace: --time 30, or stop_grace_period in compose).
CMD ["sh", "-c", "node_modules/.bin/prisma migrate deploy && node scripts/lib/job-queue.mjs && exec node scripts/server.mjs"]
