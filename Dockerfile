# syntax=docker/dockerfile:1
# The site as one container: the standalone Next.js server, run as an unprivileged user.
#   docker build --build-arg SITE_URL=https://aldercrest.example -t aldercrest .
#   docker run -p 3000:3000 -v aldercrest-data:/data aldercrest
# With SUPABASE_URL and SUPABASE_SECRET_KEY set at run time it stores leads in Supabase; without, in /data.

ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# npm install, not npm ci: the lock file lists no builds for other platforms (see README).
RUN npm install --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Canonical links and social cards are written at build time. Every instance of one
# deployment must share the Server Actions key: pass it here, from your secret store.
ARG SITE_URL=http://localhost:3000
ARG NEXT_SERVER_ACTIONS_ENCRYPTION_KEY
ENV SITE_URL=${SITE_URL} NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=${NEXT_SERVER_ACTIONS_ENCRYPTION_KEY}
COPY --from=dependencies /app/node_modules ./node_modules
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_MMAP_THRESHOLD_=131072
RUN mkdir /data && chown node:node /data
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-old-space-size=224", "server.js"]
