# The API: N stateless containers on one PostgreSQL and one object store (docs/deploy.md).
# docker build -f deploy/api.Dockerfile -t tunehouse-api .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
ENV NX_DAEMON=false NX_NO_CLOUD=true PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund \
 && node node_modules/nx/dist/bin/nx.js run @tunehouse/api:build --output-style=static \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
# Workspace links in node_modules point into libs/ and api/: the same layout as the build stage.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs/contracts/package.json ./libs/contracts/package.json
COPY --from=build /app/libs/contracts/dist ./libs/contracts/dist
COPY --from=build /app/api/package.json ./api/package.json
COPY --from=build /app/api/dist ./api/dist
COPY --from=build /app/api/migrations ./api/migrations
# DATABASE_URL is required in a container (no embedded PostgreSQL); secrets come from the environment and media
# from the object store (STORAGE_DRIVER=s3), so the container keeps nothing: DATA_DIR is scratch space only.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/tmp/tunehouse
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "api/dist/main.js"]
