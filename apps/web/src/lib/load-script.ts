const loading = new Map<string, Promise<void>>();

/**
 * Loads a third party's script (a payment gateway's card form, a sign-in SDK) once per page. A failed load is
 * forgotten and its tag removed, so the next attempt tries the network again instead of repeating the failure.
 */
export function loadScript(src: string): Promise<void> {
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, pending);
  }
  return pending;
}
