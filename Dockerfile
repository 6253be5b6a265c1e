# Sikkha in one image: the web app (built) and the server (bundled), run by Node as a user without rights.
# Build: docker build -t sikkha .   Run with PostgreSQL and an S3-compatible store: compose.yaml (README).

ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Everything needed to build: all dependencies, then the web app (Vite) and the server (esbuild bundle).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# Install scripts stay off: every native part (sharp, argon2, PGlite, Typst, ffmpeg) ships prebuilt per platform.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# 2. The server's production dependencies only: no web libraries (they are in the built files), no dev tools.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @sikkha/server --ignore-scripts --no-audit --no-fund \
 # The npm ffmpeg's install script only marks the binary executable; with scripts off it is done here.
 && chmod 755 node_modules/@ffmpeg-installer/linux-*/ffmpeg \
 # Nothing at run time reads type declarations, source maps or read-mes: about 53 MB of the 240 MB.
 && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -name '*.md' \) -delete

# 3. What runs: Node, the production dependencies, the two builds. Thai PDFs use the Sarabun font that comes from
# npm (@expo-google-fonts/sarabun, handed to Typst), and video packaging the ffmpeg from npm: no system packages.
FROM ${NODE_IMAGE} AS run
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules node_modules
COPY --from=deps --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/packages/contract/package.json packages/contract/
COPY --from=build --chown=root:root /app/apps/server/package.json apps/server/
COPY --from=build --chown=root:root /app/apps/server/dist apps/server/dist
COPY --from=build --chown=root:root /app/apps/web/dist apps/web/dist
# The code belongs to root and is read-only for the shop; only DATA_DIR (uploads, HLS, the embedded database,
# backups) is the `node` user's.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Healthy means ready for traffic (`/ready`: the database answers, migrations applied, jobs running): a proxy that
# reads Docker's health (Traefik, Swarm) sends none to an instance that lost its database. Docker does not restart an
# unhealthy container, and should not (a restart cannot bring a database back); the restart policy restarts an
# instance whose process exited. An orchestrator with a liveness probe points it at `/health`.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=2 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
