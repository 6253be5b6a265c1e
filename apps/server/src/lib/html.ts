const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value put into HTML we write (mails, page meta, sitemaps) goes through this: most come from people. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c]!);
