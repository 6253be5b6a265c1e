/**
 * Hands a file the page fetched (with a token a plain link cannot carry) to the browser as a download under its own
 * name.
 */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; keep the URL a moment for slow starts.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
