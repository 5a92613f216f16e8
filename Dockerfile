# One image for the server and the worker (compose.yaml picks the command). Two stages: everything to build,
# then only what runs — Node 24, dist/ (the bundled server and worker, production dependencies, migrations and
# data: `pnpm build`, scripts/bundle.mjs) — as the unprivileged `node` user, on files it cannot change.
FROM node:24-bookworm-slim AS build
WORKDIR /src
RUN npm i -g pnpm@12.21.0
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc tsconfig.base.json tsconfig.json ./
COPY shared/package.json shared/
COPY sql/package.json sql/
COPY server/package.json server/
COPY worker/package.json worker/
COPY web/package.json web/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /src/dist ./
USER node
EXPOSE 3000
CMD ["node", "bin/server.js"]
