# One image for the server and the worker (compose.yaml picks the command). Two stages: everything to build,
# then only what runs — Node 24, tini, dist/ (the bundled server and worker, production dependencies, migrations and
# data: `pnpm build`, scripts/bundle.mjs; no sources, tests or source maps) — as the unprivileged `node` user, on
# files it cannot change. docs/operations.md lists what /app holds.
FROM node:24-bookworm-slim AS build
WORKDIR /src
RUN npm i -g pnpm@12.21.0
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc tsconfig.base.json tsconfig.json ./
COPY shared/package.json shared/
COPY sql/package.json sql/
COPY core/package.json core/
COPY server/package.json server/
COPY worker/package.json worker/
COPY web/package.json web/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build

FROM node:24-bookworm-slim
# tini as PID 1: it forwards SIGTERM to the process and reaps; Node itself as PID 1 ignored a SIGTERM that came
# before its handler was in (the kernel applies no default action to PID 1), so `docker stop` waited its 10 s. Our
# processes catch SIGTERM first thing and exit 0; only one signalled inside Node's own bootstrap, before any of our
# code ran, dies by it (143): `-e 143` reports that as the clean stop it is (nothing had begun).
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /src/dist ./
USER node
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "-e", "143", "--"]
CMD ["node", "bin/server.js"]
