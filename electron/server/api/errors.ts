// Errors a route may throw; the error handler in app.ts turns each into the
// contract's body. Anything else becomes a bare 500.
import { z } from 'zod';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, message: string, errors?: Record<string, string[]>, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export const notFound = () => new ApiError(404, 'Resource not found.');
export const unauthenticated = () => new ApiError(401, 'Unauthenticated.');
export const conflict = (message: string) => new ApiError(409, message);

/** A 422 for one field. */
export const invalid = (field: string, message: string) => new ApiError(422, message, { [field]: [message] });

/** Field name in the contract's style: `country.0.key`. */
const fieldOf = (issue: z.core.$ZodIssue) => (issue.path.length ? issue.path.map(String).join('.') : 'body');

export function fromZod(error: z.ZodError): ApiError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    // Unions and wrapped preprocessors report the outer field; keep the first message per field.
    (errors[fieldOf(issue)] ??= []).push(issue.message);
  }
  const first = error.issues[0]?.message ?? 'The given data was invalid.';
  return new ApiError(422, first, errors);
}

/**
 * The answer's body. A 422's `message` is the field map, as phpShort's API answers it
 * (app/Http/Requests/API/StoreLinkRequest.php failedValidation); `errors` is the same map
 * for clients written against Linkdesk. Every other status carries a sentence.
 */
export const bodyOf = (e: ApiError) => {
  if (e.status === 422) {
    const errors = e.errors ?? { body: [e.message] };
    return { message: errors, errors, status: 422 };
  }
  return { message: e.message, ...(e.errors ? { errors: e.errors } : {}), status: e.status };
};

/** A preValidation hook: these create-only fields are 422 on update. */
export const rejectFields = (fields: string[], when: string) => async (req: { body: unknown }) => {
  const body = req.body;
  if (!body || typeof body !== 'object') return;
  for (const field of fields) {
    if (field in body) throw invalid(field, `The ${field} cannot be changed ${when}.`);
  }
};
