/**
 * An error as the API answers it, `{error: {code, message, details?}}` with a 4xx/5xx status: the
 * server throws it (HttpError) and the web client rebuilds it from the answer (ApiError).
 */
export class AnsweredError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}
