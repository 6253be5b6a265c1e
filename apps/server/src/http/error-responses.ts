import { errorEnvelope } from '@sikkha/contract';

/** The envelope every route answers with when it fails, by status, for its OpenAPI description. */
export const errorResponses = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  429: errorEnvelope,
  500: errorEnvelope,
  503: errorEnvelope,
} as const;
