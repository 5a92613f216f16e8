# One image for the server and the worker (compose.yaml picks the command).
FROM node:24-bookworm-slim
WORKDIR /app
RUN npm i -g pnpm@12.21.0
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json tsconfig.json ./
COPY shared/package.json shared/
COPY sql/package.json sql/
COPY server/package.json server/
COPY worker/package.json worker/
COPY web/package.json web/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @pippitch/web build
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
CMD ["node", "--import", "tsx", "server/src/bin/server.ts"]
