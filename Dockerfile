# One image for the API, the Temporal worker and the tools; the command picks the process.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV ONNXRUNTIME_NODE_INSTALL=skip NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY tools/npm-stubs ./tools/npm-stubs
RUN npm ci --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN useradd --system --uid 10001 sunlight && mkdir -p /app/.local && chown -R sunlight /app/.local
USER sunlight
EXPOSE 8080
CMD ["node", "--import", "tsx", "api/main.ts"]
