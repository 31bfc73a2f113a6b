# syntax=docker/dockerfile:1
# Multi-stage build: dependencies, build (Next standalone output), small runtime as non-root.

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

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
# DEMO_MODE stays unset: a deployment has no demo seed and no "Seed demo data" card.
# Behind a reverse proxy, set TRUSTED_PROXIES (docs/configuration.md).
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
RUN groupadd --system app && useradd --system --gid app --home /app app
# The standalone server, static assets, and what `prisma migrate deploy` needs.
COPY --from=build --chown=app:app /app/.next/standalone ./
COPY --from=build --chown=app:app /app/.next/static ./.next/static
COPY --from=build --chown=app:app /app/public ./public
COPY --from=build --chown=app:app /app/prisma ./prisma
COPY --from=build --chown=app:app /app/prisma.config.ts ./prisma.config.ts
COPY --from=build --chown=app:app /app/scripts ./scripts
COPY --from=build --chown=app:app /app/tooling ./tooling
COPY --from=deps --chown=app:app /app/node_modules ./node_modules
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
