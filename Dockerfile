# Production image: build once, run `node server.js` (fly.toml's release
# command applies migrations before a new version takes traffic).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NODE_ENV=development
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
# postinstall applies patches/ (patches/README.md) before prisma generate.
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx remix build && node scripts/merge-chunks.mjs && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/package.json /app/prisma.config.ts /app/server.js ./
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
USER node
EXPOSE 8080
CMD ["node", "server.js"]
