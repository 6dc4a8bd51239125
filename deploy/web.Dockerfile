# The shell: static files behind nginx with the product's security headers. The areas are not in this image:
# each is published on its own to the object store/CDN (`npm run area -- publish|deploy`), and the registry the
# shell reads (REGISTRY_URL) is one small JSON object there (docs/deploy.md).
# docker build -f deploy/web.Dockerfile -t tunehouse-web .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
ENV NX_DAEMON=false NX_NO_CLOUD=true PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund \
 && node node_modules/nx/dist/bin/nx.js run @tunehouse/shell:build --output-style=static

FROM nginx:1.27-alpine
# The official image fills ${VARIABLES} in /etc/nginx/templates/*.template from the environment at start.
COPY deploy/web/default.conf.template deploy/web/headers.inc.template /etc/nginx/templates/
COPY --from=build /app/shell/dist /usr/share/nginx/html
ENV API_ORIGIN=http://localhost:3000 \
    AREA_ORIGINS=http://localhost:4300 \
    REGISTRY_URL=http://localhost:4300/remotes.json \
    SITE_URL=http://localhost:8080 \
    SUPPORT_EMAIL=support@tunehouse.local
# Error reports (docs/decisions/0086-traces-and-error-reporting.md): off unless the DSN and its origin are set.
ENV SHELL_ERROR_REPORTING_DSN="" \
    ERROR_REPORTING_ORIGIN=""
EXPOSE 8080
