import { errorEnvelope } from '@sikkha/contract';

/**
 * The envelope every route answers with when it fails, by status, for its OpenAPI description. 413, 414, 415 and 431
 * come before any route's own code (a body, URL or headers too large; a body of a type it does not read), so any
 * route may answer them.
 */
export const errorResponses = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  413: errorEnvelope,
  414: errorEnvelope,
  415: errorEnvelope,
  422: errorEnvelope,
  429: errorEnvelope,
  431: errorEnvelope,
  500: errorEnvelope,
  503: errorEnvelope,
} as const;
