# The shop as a container image: `docker build --build-arg NEXT_PUBLIC_SITE_URL=https://kaya-living.example -t kaya-living .`
# The public settings (NEXT_PUBLIC_*) are fixed into the browser's code when it is built, so they
# are build arguments; the server's settings come at run time (docs/deploy.md).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
# `npm ci` refuses this lockfile on Node 20 (the registry lacks some other platforms' optional packages it
# names): install the locked tree and fail if it moved.
RUN cp package-lock.json /tmp/lock.before && npm install --no-audit --no-fund && cmp package-lock.json /tmp/lock.before
COPY . .
ARG NEXT_PUBLIC_SITE_URL
ARG NEXT_PUBLIC_SITE_NAME
ARG NEXT_PUBLIC_SENTRY_DSN
ARG NEXT_PUBLIC_GTM_ID
ARG NEXT_PUBLIC_META_PIXEL_ID
ARG KAYA_BUILD_ID
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
# The whole tree: `npm run db:migrate` (the release step) runs through tsx, a development package.
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.mjs"]
