/**
 * Which address the browser hydrated from the server's markup (main.tsx says so before hydrating), or none when the
 * app rendered its own page. A part that the server draws in place while the browser would draw it elsewhere (the
 * course dialog, in a portal once hydrated) asks whether the server drew it, so hydration finds what it expects.
 */
let hydratedAddress: string | null = null;

export function hydratingAddress(address: string) {
  hydratedAddress = address;
}

/** True on the server, and in the browser for the address whose page was hydrated from the server's markup. */
export function inServerMarkup(address: string): boolean {
  return typeof window === 'undefined' || address === hydratedAddress;
}

/** The part drawn in the server's markup has taken it over: what the browser draws from now on is its own. */
export function leftServerMarkup() {
  hydratedAddress = null;
}
