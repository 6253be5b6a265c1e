import { createContext, useContext } from 'react';

/**
 * The cookies of the request a page is rendered for on the server; in the browser, `document.cookie`. Both sides
 * read the same cookies, so what depends on them renders alike and hydrates without a mismatch.
 */
export const RequestCookies = createContext<string | null>(null);

export const useCookies = () => useContext(RequestCookies) ?? document.cookie;
