/**
 * One error hierarchy for the whole service. Each error carries the HTTP status and a
 * stable machine-readable `code`; the API's error middleware turns any of them into the
 * envelope `{ error: { code, message, status, metadata? } }`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly metadata?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  /** The client-facing body. Never includes stacks or causes. */
  toEnvelope(): { error: { code: string; message: string; status: number; metadata?: Record<string, unknown> } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        status: this.status,
        ...(this.metadata ? { metadata: this.metadata } : {}),
      },
    };
  }
}

/** A field-level validation problem. */
export interface FieldIssue {
  path: string;
  message: string;
}

export class ValidationError extends AppError {
  constructor(message = 'Request validation failed', issues: FieldIssue[] = []) {
    super(400, 'VALIDATION_ERROR', message, { issues });
  }
}

export class MissingTokenError extends AppError {
  constructor(options?: { cause?: unknown }) {
    super(401, 'AUTH_MISSING_TOKEN', 'Authentication token is required', undefined, options);
  }
}

export class TokenExpiredError extends AppError {
  constructor() {
    super(401, 'AUTH_TOKEN_EXPIRED', 'Token has expired');
  }
}

export class InsufficientScopeError extends AppError {
  constructor(requiredScope: string, providedScopes: string[]) {
    super(403, 'AUTH_INSUFFICIENT_SCOPE', 'Token does not have required scope', {
      required_scope: requiredScope,
      provided_scopes: providedScopes,
    });
  }
}

export class HttpsRequiredError extends AppError {
  constructor() {
    super(403, 'HTTPS_REQUIRED', 'HTTPS is required');
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Resource not found', metadata?: Record<string, unknown>) {
    super(404, 'NOT_FOUND', message, metadata);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, metadata?: Record<string, unknown>) {
    super(409, 'CONFLICT', message, metadata);
  }
}

export class PreconditionFailedError extends AppError {
  constructor(message = 'The resource has changed; fetch it again and retry', metadata?: Record<string, unknown>) {
    super(412, 'PRECONDITION_FAILED', message, metadata);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limit: string) {
    super(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${limit}`);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(expected = 'application/json') {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type must be ${expected}`);
  }
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', 'Too many requests', { retry_after_seconds: retryAfterSeconds });
  }
}

export class NotImplementedError extends AppError {
  constructor(what: string) {
    super(501, 'NOT_IMPLEMENTED', `${what} is not implemented yet`);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'Service temporarily unavailable', metadata?: Record<string, unknown>) {
    super(503, 'SERVICE_UNAVAILABLE', message, metadata);
  }
}

/** The generic 500 body: no message from the underlying error ever reaches a client. */
export class InternalError extends AppError {
  constructor(requestId: string | undefined) {
    super(500, 'INTERNAL_ERROR', 'An unexpected error occurred', requestId ? { request_id: requestId } : undefined);
  }
}
