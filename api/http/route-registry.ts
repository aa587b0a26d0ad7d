import express, { type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import type { Scope } from '../../core/auth/scopes.js';
import type { Principal } from '../../core/auth/token-verifier.js';
import { ValidationError, type FieldIssue } from '../../core/errors/app-error.js';
import type { Logger } from '../../core/logger/logger.js';
import '../http/locals.js';

export type HttpMethod = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteContext<P, Q, B> {
  req: Request;
  res: Response;
  params: P;
  query: Q;
  body: B;
  /** Present on every route that names a scope. */
  principal: Principal | undefined;
  log: Logger;
  requestId: string;
}

/** What a handler returns; `undefined` when it wrote the response itself (streams). */
export type RouteResult = { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** One route of the API: its contract (for validation and OpenAPI) and its handler. */
export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: HttpMethod;
  /** Express path with `:params`, always the full path from the root (e.g. `/api/foia/requests/:id`). */
  path: string;
  /** Required OAuth2 scope; null for public routes (health, the API description). */
  scope: Scope | null;
  summary: string;
  description?: string;
  tags: string[];
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Status and description of the success response, for the API description. */
  success?: { status: number; description: string; contentType?: string };
  /** Schema of the success body, for the API description (documentation only: not enforced at run time). */
  response?: z.ZodType;
  /** False for probes (health) that must answer however often they are asked. */
  rateLimited?: boolean;
  /**
   * Error statuses this route answers beyond those every route may (400, 403, 413, 415, 500;
   * 401 when it names a scope, 429 when rate limited, 404 with path parameters).
   */
  errors?: number[];
  /**
   * Other statuses answered with the success body's shape (health: 503 with the same report);
   * `empty`: with no body at all (304 Not Modified).
   */
  alsoAnswers?: Array<{ status: number; description: string; empty?: boolean }>;
  /** Other bodies of the success response by media type (the chat's JSON answer beside its event stream). */
  alternatives?: Record<string, { schema?: z.ZodType; description: string }>;
  /** Headers of the success response, by name, with what they carry (ETag, Location). */
  responseHeaders?: Record<string, string>;
  /** Request headers the route reads (If-Match). */
  requestHeaders?: Array<{ name: string; required: boolean; description: string }>;
  /** The request body's media type: application/json unless said (merge patches: application/merge-patch+json). */
  bodyContentType?: string;
  /**
   * The route reads the raw request body itself, as a stream (object uploads): it is described
   * as bytes of each of `contentTypes`, and neither the JSON guard nor the JSON parser touch it
   * (see `isRawBodyRequest`). `body` stays unset.
   */
  rawBody?: { contentTypes: string[]; description: string };
  /** A request body and a success body as a client would see them, for the API description. */
  examples?: { body?: unknown; response?: unknown };
  handler(ctx: RouteContext<P, Q, B>): Promise<RouteResult>;
}

export interface RoutePipeline {
  authenticate: RequestHandler;
  rateLimit: RequestHandler;
  requireScope(scope: Scope): RequestHandler;
}

/** Converts an Express path to an OpenAPI path template: `/a/:id` → `/a/{id}`. */
export function toTemplate(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * Every route is added here, which gives each one the same pipeline
 * (auth → rate limit → scope → validation → handler → JSON) and puts it in the OpenAPI
 * document: a route cannot exist without being described.
 */
export class RouteRegistry {
  readonly router = express.Router();
  readonly #specs: RouteSpec<unknown, unknown, unknown>[] = [];

  constructor(private readonly pipeline: RoutePipeline) {}

  get specs(): ReadonlyArray<RouteSpec<unknown, unknown, unknown>> {
    return this.#specs;
  }

  add<P, Q, B>(spec: RouteSpec<P, Q, B>): void {
    this.#specs.push(spec as RouteSpec<unknown, unknown, unknown>);
    const template = toTemplate(spec.path);
    const markRoute: RequestHandler = (_req, res, next) => {
      res.locals.routeTemplate = template;
      next();
    };
    const guards = spec.scope
      ? [this.pipeline.authenticate, this.pipeline.rateLimit, this.pipeline.requireScope(spec.scope)]
      : spec.rateLimited === false
        ? []
        : [this.pipeline.rateLimit];
    this.router[spec.method](spec.path, markRoute, ...guards, async (req, res) => {
      const ctx = parseRequest(spec, req, res);
      const result = await spec.handler(ctx);
      if (result === undefined || res.headersSent) return;
      for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, v);
      const status = result.status ?? spec.success?.status ?? 200;
      if (result.body === undefined) res.status(status).end();
      else res.status(status).json(result.body);
    });
  }
}

function parseRequest<P, Q, B>(spec: RouteSpec<P, Q, B>, req: Request, res: Response): RouteContext<P, Q, B> {
  const issues: FieldIssue[] = [];
  const check = <T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T => {
    if (!schema) return value as T;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const i of parsed.error.issues) issues.push({ path: [where, ...i.path.map(String)].join('.'), message: i.message });
    return undefined as T;
  };
  const params = check(spec.params, req.params, 'params');
  const query = check(spec.query, req.query, 'query');
  const body = check(spec.body, req.body ?? {}, 'body');
  if (issues.length > 0) throw new ValidationError('Request validation failed', issues);
  return {
    req,
    res,
    params,
    query,
    body,
    principal: res.locals.principal,
    log: res.locals.log,
    requestId: res.locals.requestId,
  };
}
