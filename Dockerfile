# Toolshed: one image for the API, the built web app and the migration step.
#   docker build -t toolshed .
#   docker run -p 3000:3000 -v toolshed-data:/data -e APP_URL=... -e AUTH_SECRET=... -e SMTP_URL=... toolshed
# The runtime stage runs the same commands as `node scripts/smoke-production-install.mjs`, which CI
# runs without a container: only the packages the server loads at run time (scripts/runtime-modules.mjs)
# next to the built output, then the compiled server.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: the full install (build tools included) and `npm run build`
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true
# Read by the web build (README: VITE_MAP_TILE_URL, SOURCE_MAPS): docker build --build-arg ...
ARG VITE_MAP_TILE_URL
ARG SOURCE_MAPS
# The commit /api/health and toolshed_build_info report (the build context has no .git): --build-arg TOOLSHED_COMMIT=$(git rev-parse HEAD)
ARG TOOLSHED_COMMIT
# Workspace manifests first, so the install layer is reused until dependencies change.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# The bundle's externals and what they need, at their locked versions, in the install's own layout.
RUN node scripts/runtime-modules.mjs /runtime

# ---- runtime: production dependencies and the built output only, as a user without privileges
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /runtime/ ./
# scripts/build.mjs lets `npm start` and `npm run db:migrate` use the built output as it is.
COPY --from=build /app/scripts/build.mjs /app/scripts/runtime-packages.mjs scripts/
COPY --from=build --chown=node:node /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
# The image's `node` user (uid 1000); DATA_DIR holds the embedded database, photos and outboxes.
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: requests in flight finish, jobs stop, the database closes (SHUTDOWN_TIMEOUT_MS).
STOPSIGNAL SIGTERM
CMD ["node", "--initial-old-space-size=128", "apps/api/dist/main.js"]
