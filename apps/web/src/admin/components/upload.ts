import { UPLOAD_FIELD } from '@sikkha/contract';
import { ADMIN_TOKEN_KEY } from '../../api/client';

/**
 * Sends files to POST /api/upload{endpoint} (field `images`) with the staff token, reporting progress (a video can
 * be gigabytes, so XMLHttpRequest rather than fetch, which reports no upload progress). Resolves to the stored
 * name(s) the server answered, or rejects with its Thai message.
 */
export function uploadFiles(endpoint: string, files: File[], onProgress?: (percent: number) => void) {
  return new Promise<string | string[]>((resolve, reject) => {
    const body = new FormData();
    for (const file of files) body.append(UPLOAD_FIELD, file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/upload${endpoint}`);
    const token = localStorage.getItem(ADMIN_TOKEN_KEY);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const answer = xhr.response as { result?: boolean; data?: string | string[]; message?: string } | null;
      if (xhr.status === 200 && answer?.result && answer.data) resolve(answer.data);
      else reject(new Error(answer?.message || xhr.statusText));
    };
    xhr.onerror = () => reject(new Error(xhr.statusText || 'upload failed'));
    xhr.send(body);
  });
}
