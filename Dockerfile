# syntax=docker/dockerfile:1
# The product's image (docs/deployment.md): one image for both roles. The API role serves the API
# and the built web app (WEB_PORT); the worker role runs the queue's workers and schedules.
#   docker build -t fieldwork .
#   docker run -e DATABASE_URL=… -e APP_SECRET=… -e PROCESS_ROLE=api    fieldwork
#   docker run -e DATABASE_URL=… -e APP_SECRET=… -e PROCESS_ROLE=worker \
#     -e NODE_OPTIONS='--max-old-space-size=512 --max-semi-space-size=4' -e MALLOC_ARENA_MAX=2 fieldwork
# A worker runs with a 512 MB old-generation ceiling and 4 MB semi-spaces, so V8 collects a long
# build's garbage sooner, and two glibc malloc arenas (docs/decisions.md, "Worker heap ceiling");
# compose.yaml's worker does.

# 1. Dependencies, from the lock file only (cached until a package.json or the lock changes).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# 2. The web app's production build (apps/web/dist).
FROM deps AS build
COPY . .
RUN npm run build --workspace apps/web

# 3. What runs: the server's sources (run by tsx, as `npm start` does), the contract, the built
#    web app and the dependencies, owned by root and run as the unprivileged `node` user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    API_PORT=3333 \
    WEB_PORT=3000 \
    DATA_DIR=/data \
    SEED_DEMO=false \
    PROCESS_ROLE=api
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3333 3000
# The API role answers /healthz on API_PORT; so does the worker role (its only route).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.API_PORT||3333)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains: requests in flight finish, running jobs finish (up to 10 s) or are released.
STOPSIGNAL SIGTERM
WORKDIR /app/apps/server
CMD ["node", "--import", "tsx", "src/main.ts"]
