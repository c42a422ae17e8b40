import { errorText } from '@vsp/contract/app-error';
import type { LanguageCode } from '@vsp/contract/error-catalogue';
import { ApiError, NetworkError } from './http-client';

/** What the user reads for a failed call: the code's text in their language, or the network text. */
export function errorMessage(error: unknown, lang: LanguageCode, label: (key: string) => string): string {
  if (error instanceof ApiError) return errorText(error.code, lang, error.body.errInfo.params);
  if (error instanceof NetworkError) return label(error.reason === 'timeout' ? 'http.timeout' : 'http.network_error');
  return errorText(-1, lang);
}
