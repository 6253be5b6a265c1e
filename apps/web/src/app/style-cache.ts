import createCache, { type StylisPlugin } from '@emotion/cache';

/**
 * Safari still wants `-webkit-user-select` (MUI's buttons, sliders and chips turn selection off, or a long press on
 * a phone selects their label); every other property the shop's browsers take unprefixed.
 */
const webkitUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && element.props === 'user-select')
    element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * The one style cache of the page, the same on the server and in the browser (class names are hashes of the styles,
 * so the browser takes over what the server wrote). Without emotion's default prefixer: its `-webkit-box`,
 * `-ms-flexbox` and friends were a third of a rendered page's CSS, for browsers the shop does not support, and
 * cost the browser's main thread for every rule it parses and every rule emotion writes.
 */
export const createStyleCache = () => createCache({ key: 'css', stylisPlugins: [webkitUserSelect] });
