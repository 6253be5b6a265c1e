import { ApiError } from './client';

/** A query's retry rule: a 4xx (missing, hidden, bad request) will not change on a second try; a 5xx gets one. */
export const retryServerErrors = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);
